/// What a meteogram shows, in words, for the image's alt text (screen readers, a chart that did
/// not load): the range of temperatures, and when rain is likely (a chance of 50 % or more).
public enum MeteogramAltText {
    public static let likelyChance = 0.5

    public static func describe(_ meteogram: Meteogram) -> String {
        let temperatures = meteogram.samples.map(\.temperature)
        let low = Int((temperatures.min() ?? 0).rounded()), high = Int((temperatures.max() ?? 0).rounded())
        let symbol = meteogram.unit.symbol
        let likely = meteogram.samples.filter { ($0.chanceOfRain ?? 0) >= likelyChance }
        let highest = Int(((meteogram.samples.compactMap(\.chanceOfRain).max() ?? 0) * 100).rounded())
        let language = meteogram.language
        func words(_ english: String, _ japanese: String) -> String { language == .en ? english : japanese }
        let range = words(
            "Chart: temperatures from \(low)\(symbol) to \(high)\(symbol)", "グラフ: 気温 \(low)\(symbol)〜\(high)\(symbol)")
        guard let first = likely.first, let last = likely.last else {
            return range + words("; rain unlikely (at most \(highest)%).", "、雨の可能性は低い (最大 \(highest)%)。")
        }
        let from = time(first.time, meteogram), to = time(last.time + 10_800, meteogram)
        return range
            + words("; rain likely from \(from) to \(to) (up to \(highest)%).", "、雨の可能性が高いのは \(from)〜\(to) (最大 \(highest)%)。")
    }

    /// `Fri 16:00` or `4日(金) 16時`: `time` on the meteogram's clock, in its language.
    static func time(_ time: Int64, _ meteogram: Meteogram) -> String {
        let local = LocalTime(utc: time, offset: meteogram.utcOffsetSeconds)
        switch meteogram.language {
        case .en: return "\(local.shortDayLabel(.en)) \(local.hourLabel):00"
        case .ja: return "\(local.dayLabel(.ja)) \(local.hour)時"
        }
    }
}
