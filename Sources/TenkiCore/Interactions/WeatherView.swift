/// The views of one place's weather that a message can show and its buttons switch between.
public enum WeatherView: String, Sendable, CaseIterable, Hashable {
    /// The current weather.
    case now
    /// The next 24 hours in 3-hour steps.
    case hourly
    /// The next days, one line each.
    case forecast
    /// The air quality now.
    case air

    /// The `action_id` of the button that shows this view (the outside contract, "Weather views and buttons").
    public var actionID: String { "tenki.weather.\(rawValue)" }
}

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

/// What a press on one of Tenki's buttons asks for, read from its `action_id`.
public enum WeatherAction: Sendable, Equatable {
    /// Show `view` of the same place, in the same units.
    case show(WeatherView)
    /// The same view in the other units (metric and imperial swap; standard goes to metric).
    case swapUnits
    /// The same view, asked anew.
    case refresh
    /// Another match of an ambiguous name, from the menu: its option's value is the whole answer.
    case choosePlace
    /// The same view posted in the channel, for a result only its caller sees.
    case share

    public static let unitsActionID = "tenki.weather.units"
    public static let refreshActionID = "tenki.weather.refresh"
    public static let placeActionID = "tenki.weather.place"
    public static let shareActionID = "tenki.share"

    /// Nil for an `action_id` that is not one of Tenki's weather buttons.
    public init?(actionID: String) {
        switch actionID {
        case Self.unitsActionID: self = .swapUnits
        case Self.refreshActionID: self = .refresh
        case Self.placeActionID: self = .choosePlace
        case Self.shareActionID: self = .share
        default:
            guard actionID.hasPrefix("tenki.weather."),
                  let view = WeatherView(rawValue: String(actionID.dropFirst("tenki.weather.".count))) else { return nil }
            self = .show(view)
        }
    }
}

extension Units {
    /// The units the units button switches to: metric and imperial swap; from standard (kelvin),
    /// metric.
    public var swapped: Units {
        switch self {
        case .metric: .imperial
        case .imperial, .standard: .metric
        }
    }
}
