extension WeatherCommand {
    /// Which view of a place's weather a lookup asks for, named by a keyword at either end of the
    /// text (`Danang hourly`, `毎時 東京`); no keyword means the weather now.
    enum View: Sendable, Equatable {
        case current
        case hourly
        case forecast
        case air

        /// The view a keyword names, in English or Japanese, ignoring case; nil for any other word.
        init?(keyword: String) {
            switch keyword.lowercased() {
            case "forecast", "予報", "週間": self = .forecast
            case "hourly", "毎時": self = .hourly
            case "air", "aqi", "大気": self = .air
            default: return nil
            }
        }

        /// The action that shows this view for `place` (nil: the default place).
        func action(_ place: PlaceQuery?) -> Action {
            switch self {
            case .current: .current(place)
            case .hourly: .hourly(place)
            case .forecast: .forecast(place)
            case .air: .air(place)
            }
        }
    }
}
