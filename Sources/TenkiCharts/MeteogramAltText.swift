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
        let offset = meteogram.utcOffsetSeconds
        switch meteogram.language {
        case .en:
            let range = "Chart: temperatures from \(low)\(symbol) to \(high)\(symbol)"
            guard let first = likely.first, let last = likely.last else {
                return range + "; rain unlikely (at most \(highest)%)."
            }
            return range + "; rain likely from \(english(first.time, offset)) to \(english(last.time + 10_800, offset)) "
                + "(up to \(highest)%)."
        case .ja:
            let range = "グラフ: 気温 \(low)\(symbol)〜\(high)\(symbol)"
            guard let first = likely.first, let last = likely.last else {
                return range + "、雨の可能性は低い (最大 \(highest)%)。"
            }
            return range + "、雨の可能性が高いのは \(japanese(first.time, offset))〜\(japanese(last.time + 10_800, offset)) "
                + "(最大 \(highest)%)。"
        }
    }

    /// `Fri 16:00`.
    static func english(_ time: Int64, _ offset: Int) -> String {
        let local = LocalTime(utc: time, offset: offset)
        return "\(local.shortDayLabel(.en)) \(local.hourLabel):00"
    }

    /// `4日(金) 16時`.
    static func japanese(_ time: Int64, _ offset: Int) -> String {
        let local = LocalTime(utc: time, offset: offset)
        return "\(local.dayLabel(.ja)) \(local.hour)時"
    }
}
