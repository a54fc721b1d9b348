/// The query of a chart URL: everything needed to draw a meteogram, compactly, so that any
/// replica can draw it from the URL alone (the signature is added and checked by the app).
///
/// `v=1&u=c&l=en&z=25200&t=1796342400&s=10800&d=240_0,265_20,,315`: version, unit (`c`, `f`,
/// `k`), language, UTC offset in seconds, first step (UTC seconds), step length, then one entry per
/// step: temperature in tenths of a degree, `_` and the chance of rain in percent (left out when
/// unknown); an empty entry is a missing step. Forty steps take about 300 characters.
public enum ChartQuery {
    public enum Problem: Error, Sendable, Equatable {
        /// Not of the form above (unknown version, missing or extra item, a value that does not parse).
        case malformed
        /// It parses, but is not a drawable meteogram.
        case invalid(Meteogram.Problem)
    }

    /// The query for `meteogram`, whose steps must be a whole number of `step`s after the first
    /// (the forecast's 3 hours); temperatures are rounded to tenths.
    public static func encode(_ meteogram: Meteogram, step: Int64 = 10_800) -> String {
        let start = meteogram.samples.first?.time ?? 0
        var entries: [String] = []
        for sample in meteogram.samples {
            let index = Int((sample.time - start) / step)
            while entries.count < index { entries.append("") }
            var entry = String(Int((sample.temperature * 10).rounded()))
            if let chance = sample.chanceOfRain { entry += "_" + String(Int((chance * 100).rounded())) }
            entries.append(entry)
        }
        return "v=1&u=\(meteogram.unit.rawValue)&l=\(meteogram.language.rawValue)&z=\(meteogram.utcOffsetSeconds)"
            + "&t=\(start)&s=\(step)&d=" + entries.joined(separator: ",")
    }

    /// The meteogram of a query made by `encode`; items in that order, nothing else.
    public static func decode(_ query: Substring) throws(Problem) -> Meteogram {
        let items = query.split(separator: "&", omittingEmptySubsequences: false)
        let names = ["v", "u", "l", "z", "t", "s", "d"]
        guard items.count == names.count else { throw .malformed }
        var values: [Substring] = []
        for (item, name) in zip(items, names) {
            guard item.hasPrefix(name + "=") else { throw .malformed }
            values.append(item.dropFirst(name.count + 1))
        }
        guard values[0] == "1", let unit = Meteogram.TemperatureUnit(rawValue: String(values[1])),
            let language = Meteogram.Language(rawValue: String(values[2])), let offset = Int(values[3]),
            let start = Int64(values[4]), let step = Int64(values[5]), (60...86_400).contains(step),
            abs(start) < 1 << 40
        else { throw .malformed }
        let entries = values[6].split(separator: ",", omittingEmptySubsequences: false)
        guard entries.count <= Meteogram.maximumSamples * 2 else { throw .invalid(.tooManySamples) }
        var samples: [Meteogram.Sample] = []
        for (index, entry) in entries.enumerated() where !entry.isEmpty {
            let parts = entry.split(separator: "_", omittingEmptySubsequences: false)
            guard parts.count <= 2, let tenths = Int(parts[0]) else { throw .malformed }
            var chance: Double? = nil
            if parts.count == 2 {
                guard let percent = Int(parts[1]) else { throw .malformed }
                chance = Double(percent) / 100
            }
            samples.append(Meteogram.Sample(time: start + Int64(index) * step, temperature: Double(tenths) / 10, chanceOfRain: chance))
        }
        do {
            return try Meteogram(samples: samples, unit: unit, language: language, utcOffsetSeconds: offset).validated()
        } catch {
            throw .invalid(error)
        }
    }
}
