import Foundation

/// One 3-hour step of the hourly view: when it starts, its temperature, chance of rain and condition.
public struct HourlyStep: Sendable, Hashable {
    public var time: Date
    public var temperature: Double
    /// 0...1, when the API sent one.
    public var chanceOfPrecipitation: Double?
    public var condition: WeatherCondition?

    public init(time: Date, temperature: Double, chanceOfPrecipitation: Double?, condition: WeatherCondition?) {
        self.time = time
        self.temperature = temperature
        self.chanceOfPrecipitation = chanceOfPrecipitation
        self.condition = condition
    }

    /// The 5-day forecast's steps make 24 hours in 8 steps.
    public static let stepsPerDay = 8
    static let stepLength: TimeInterval = 3 * 3600

    /// The next 24 hours of `forecast` at `now`: its first steps whose 3 hours have not all passed
    /// (an older, cached forecast still starts at the step under way), at most `stepsPerDay`.
    public static func next24Hours(of forecast: Forecast, now: Date) -> [HourlyStep] {
        forecast.entries
            .filter { $0.time.addingTimeInterval(stepLength) > now }
            .prefix(stepsPerDay)
            .map {
                HourlyStep(
                    time: $0.time, temperature: $0.temperature, chanceOfPrecipitation: $0.precipitationProbability,
                    condition: $0.primaryCondition)
            }
    }
}
