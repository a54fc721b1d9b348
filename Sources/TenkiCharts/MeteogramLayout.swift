/// Where everything of a meteogram goes on an 800 × 360 picture (legible at Slack's message width
/// and on a phone, text at twice the font's size). Pure geometry: `MeteogramRenderer` draws it,
/// tests check it. Invariant: every point, bar and label lies within the picture.
public struct MeteogramLayout: Sendable {
    public static let width = 800, height = 360, textScale = 2
    /// The plot area: temperature axis labels on the left, rain's on the right, times below.
    public static let plot = Rectangle(left: 104, top: 24, right: 716, bottom: 268)
    static let textHeight = BitmapFont.glyphHeight * textScale

    public struct Rectangle: Sendable, Hashable {
        public var left: Int, top: Int, right: Int, bottom: Int
        public func contains(_ point: Point) -> Bool {
            point.x >= Double(left) && point.x <= Double(right) && point.y >= Double(top) && point.y <= Double(bottom)
        }
    }

    public struct Label: Sendable, Hashable {
        public var text: String
        /// The top left corner.
        public var x: Int, y: Int
        public var frame: Rectangle {
            Rectangle(left: x, top: y, right: x + BitmapFont.width(of: text, scale: textScale), bottom: y + textHeight)
        }
    }

    /// The temperature line's vertices, one per sample, and runs of them not broken by missing steps.
    public let points: [Point]
    public let lineRuns: [Range<Int>]
    /// One bar per sample that has a chance of rain (zero-height bars are left out).
    public let bars: [Rectangle]
    /// Horizontal grid lines (temperature ticks) and vertical ones (local midnights).
    public let gridRows: [Int], midnightColumns: [Int]
    public let temperatureLabels: [Label], rainLabels: [Label], hourLabels: [Label], dayLabels: [Label]

    public var labels: [Label] { temperatureLabels + rainLabels + hourLabels + dayLabels }

    /// `meteogram` must be `validated()`.
    public init(_ meteogram: Meteogram) {
        let plot = Self.plot, samples = meteogram.samples
        let times = TimeAxis(samples.map(\.time), from: Double(plot.left), to: Double(plot.right))
        let scale = TemperatureScale(samples.map(\.temperature))
        let plotHeight = Double(plot.bottom - plot.top)
        func y(_ temperature: Double) -> Double {
            Double(plot.bottom) - (temperature - scale.low) / (scale.high - scale.low) * plotHeight
        }
        points = samples.map { Point(x: times.x($0.time), y: y($0.temperature)) }
        lineRuns = times.runs
        let halfBar = max(1, times.stepWidth * 0.3)
        bars = samples.compactMap { sample in
            guard let chance = sample.chanceOfRain, chance > 0 else { return nil }
            let x = times.x(sample.time)
            let top = Int((Double(plot.bottom) - chance * plotHeight).rounded())
            return Rectangle(
                left: max(plot.left, Int((x - halfBar).rounded())), top: min(top, plot.bottom - 1),
                right: min(plot.right, Int((x + halfBar).rounded())), bottom: plot.bottom)
        }
        gridRows = scale.ticks.map { Int(y($0).rounded()) }
        temperatureLabels = scale.ticks.map { tick in
            let text = "\(Int(tick))\(meteogram.unit.symbol)"
            // Right-aligned to the plot; never left of the picture (a 7-character `-1000°F` would be).
            let x = max(0, plot.left - 8 - BitmapFont.width(of: text, scale: Self.textScale))
            return Label(text: text, x: x, y: Int(y(tick).rounded()) - Self.textHeight / 2)
        }
        rainLabels = [0, 50, 100].map { percent in
            Label(text: "\(percent)%", x: plot.right + 8, y: plot.bottom - percent * (plot.bottom - plot.top) / 100 - Self.textHeight / 2)
        }
        (hourLabels, dayLabels, midnightColumns) = Self.timeLabels(meteogram, times)
    }

    /// Hour labels under the samples, every 3, 6, 12 or 24 hours as room allows; day labels centred
    /// under each local day's stretch where they fit; a grid column at each local midnight.
    private static func timeLabels(_ meteogram: Meteogram, _ times: TimeAxis) -> ([Label], [Label], [Int]) {
        let plot = Self.plot, offset = meteogram.utcOffsetSeconds, labelWidth = BitmapFont.width(of: "00", scale: textScale)
        let every = [1, 2, 4, 8].first { Double($0) * times.pixelsPerThreeHours >= Double(labelWidth + 12) } ?? 8
        var hourLabels: [Label] = []
        for sample in meteogram.samples {
            let local = LocalTime(utc: sample.time, offset: offset)
            guard (local.hour / 3) % every == 0 else { continue }
            let x = Int(times.x(sample.time).rounded()) - labelWidth / 2
            guard x >= 0, x + labelWidth <= width, x >= (hourLabels.last?.frame.right ?? Int.min) + 8 else { continue }
            hourLabels.append(Label(text: local.hourLabel, x: x, y: plot.bottom + 6))
        }
        var dayLabels: [Label] = [], midnights: [Int] = []
        let first = LocalTime(utc: times.start, offset: offset).day, last = LocalTime(utc: times.end, offset: offset).day
        for day in first...max(first, last) {
            let start = max(times.start, LocalTime.midnight(ofDay: day, offset: offset))
            let end = min(times.end, LocalTime.midnight(ofDay: day + 1, offset: offset))
            if start > times.start { midnights.append(Int(times.x(start).rounded())) }
            let left = times.x(start), right = times.x(end)
            let local = LocalTime(utc: start, offset: offset)
            for text in [local.dayLabel(meteogram.language), local.shortDayLabel(meteogram.language)] {
                let textWidth = BitmapFont.width(of: text, scale: textScale)
                guard Double(textWidth + 8) <= right - left else { continue }
                dayLabels.append(Label(text: text, x: Int(((left + right) / 2).rounded()) - textWidth / 2, y: plot.bottom + 8 + textHeight))
                break
            }
        }
        return (hourLabels, dayLabels, midnights)
    }
}
