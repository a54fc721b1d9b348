/// What a meteogram shows: temperatures as a line and chances of rain as bars over the place's
/// local times. Pure data, independent of where it came from (a forecast, a chart URL).
public struct Meteogram: Sendable, Hashable {
    public enum TemperatureUnit: String, Sendable, CaseIterable, Hashable {
        case celsius = "c", fahrenheit = "f", kelvin = "k"

        /// What follows a number on the axis: `°C`, `°F`, or `K` (Kelvin takes no degree sign).
        public var symbol: String {
            switch self {
            case .celsius: "\u{B0}C"
            case .fahrenheit: "\u{B0}F"
            case .kelvin: "K"
            }
        }
    }

    public enum Language: String, Sendable, CaseIterable, Hashable {
        case en, ja
    }

    /// One forecast step.
    public struct Sample: Sendable, Hashable {
        /// Seconds since 1970 (UTC) of the step's start.
        public var time: Int64
        public var temperature: Double
        /// 0...1; nil when the forecast gave none (no bar).
        public var chanceOfRain: Double?

        public init(time: Int64, temperature: Double, chanceOfRain: Double?) {
            self.time = time
            self.temperature = temperature
            self.chanceOfRain = chanceOfRain
        }
    }

    /// Five days of 3-hour steps are 40; a chart never holds more than this (a bound on drawing work).
    public static let maximumSamples = 48
    /// Temperatures beyond ±this are not weather (in any unit, Kelvin included) and are refused.
    public static let temperatureLimit = 1_000.0

    /// In time order, at most `maximumSamples`.
    public var samples: [Sample]
    public var unit: TemperatureUnit
    public var language: Language
    /// The place's offset from UTC, for the local times on the axis.
    public var utcOffsetSeconds: Int

    public init(samples: [Sample], unit: TemperatureUnit, language: Language, utcOffsetSeconds: Int) {
        self.samples = samples
        self.unit = unit
        self.language = language
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Why a meteogram cannot be drawn.
    public enum Problem: Error, Sendable, Equatable {
        case noSamples, tooManySamples, timesOutOfOrder, temperatureOutOfRange, chanceOutOfRange, offsetOutOfRange
    }

    /// Checks the invariants the renderer relies on: 1...`maximumSamples` samples in strictly
    /// increasing time, finite temperatures within ±`temperatureLimit`, chances within 0...1, an
    /// offset within ±18 hours.
    public func validated() throws(Problem) -> Meteogram {
        guard !samples.isEmpty else { throw .noSamples }
        guard samples.count <= Self.maximumSamples else { throw .tooManySamples }
        guard abs(utcOffsetSeconds) <= 18 * 3600 else { throw .offsetOutOfRange }
        for (index, sample) in samples.enumerated() {
            guard sample.temperature.isFinite, abs(sample.temperature) <= Self.temperatureLimit else {
                throw .temperatureOutOfRange
            }
            if let chance = sample.chanceOfRain, !(0...1).contains(chance) { throw .chanceOutOfRange }
            if index > 0, samples[index - 1].time >= sample.time { throw .timesOutOfOrder }
        }
        return self
    }
}
