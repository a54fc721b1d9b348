extension WeatherView {
    /// The view a keyword of `/weather` names, in English or Japanese, ignoring case; nil for any
    /// other word.
    init?(keyword: String) {
        switch keyword.lowercased() {
        case "forecast", "予報", "週間": self = .forecast
        case "hourly", "毎時": self = .hourly
        case "air", "aqi", "大気": self = .air
        default: return nil
        }
    }

    /// The command action that shows this view for `place` (nil: the default place).
    func action(_ place: PlaceQuery?) -> WeatherCommand.Action {
        switch self {
        case .now: .current(place)
        case .hourly: .hourly(place)
        case .forecast: .forecast(place)
        case .air: .air(place)
        }
    }
}
