/// Rain or snow volume, with the period it was measured over: OpenWeatherMap sends `1h` in
/// current weather today, `3h` in forecasts and in older current-weather responses.
public struct PrecipitationAmount: Sendable, Hashable, Codable {
    public enum Period: String, Sendable, Hashable, Codable {
        case oneHour = "1h"
        case threeHours = "3h"
    }

    /// Millimetres (water equivalent for snow), whatever `units` was asked.
    public var millimetres: Double
    public var period: Period

    public init(millimetres: Double, period: Period) {
        self.millimetres = millimetres
        self.period = period
    }

    /// Prefers the 1-hour figure; nil for an absent or empty object (`"rain": {}`).
    public init?(wire: OpenWeatherWire.Precipitation?) {
        if let value = wire?.oneHour {
            self.init(millimetres: value, period: .oneHour)
        } else if let value = wire?.threeHours {
            self.init(millimetres: value, period: .threeHours)
        } else {
            return nil
        }
    }
}
