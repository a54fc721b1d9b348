extension MeteogramLayout {
    /// Time → x: the samples' span, widened by half a step each side so the first and last bars fit.
    struct TimeAxis {
        /// UTC seconds at the plot's left and right edges.
        let start: Int64, end: Int64
        let left: Double, right: Double
        /// The forecast's step (the shortest gap between samples; 3 hours for a single sample).
        let step: Int64
        /// Runs of samples whose gaps are at most 1.5 steps: the line is not drawn across a missing step.
        let runs: [Range<Int>]

        init(_ times: [Int64], from left: Double, to right: Double) {
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
            step = max(gaps.min() ?? 10_800, 60)
            start = times[0] - step / 2
            end = times[times.count - 1] + step / 2
            self.left = left
            self.right = right
            var runs: [Range<Int>] = [], runStart = 0
            for (index, gap) in gaps.enumerated() where gap * 2 > step * 3 {
                runs.append(runStart..<(index + 1))
                runStart = index + 1
            }
            runs.append(runStart..<times.count)
            self.runs = runs
        }

        func x(_ time: Int64) -> Double { left + Double(time - start) / Double(end - start) * (right - left) }
        var stepWidth: Double { Double(step) / Double(end - start) * (right - left) }
        var pixelsPerThreeHours: Double { 10_800 / Double(end - start) * (right - left) }
    }

    /// The temperature axis: at most 6 round ticks (1, 2, 5, 10, 20, 50 or 100 degrees apart) that
    /// enclose every temperature; a flat forecast still spans one step.
    struct TemperatureScale {
        let low: Double, high: Double
        let ticks: [Double]

        init(_ temperatures: [Double]) {
            let minimum = temperatures.min() ?? 0, maximum = temperatures.max() ?? 0
            let step = [1.0, 2, 5, 10, 20, 50, 100, 200, 500].first {
                (maximum / $0).rounded(.up) - (minimum / $0).rounded(.down) <= 5
            } ?? 1000
            let low = (minimum / step).rounded(.down) * step
            var high = (maximum / step).rounded(.up) * step
            if high == low { high += step }
            self.low = low
            self.high = high
            ticks = stride(from: low, through: high, by: step).map { $0 }
        }
    }
}
