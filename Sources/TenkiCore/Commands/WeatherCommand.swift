/// What a `/weather` command asks for, read from its text. The keywords are `help`, `set`, `unset`,
/// the view keywords (`forecast`, `hourly`, `air`) and the unit tokens; any other text is a place.
/// Pure: nothing is looked up here.
///
///     /weather Danang                 current weather for a place
///     /weather Danang forecast        the next days (also `forecast Danang`)
///     /weather Danang hourly          the next 24 hours in 3-hour steps (also `毎時`)
///     /weather Danang air             the air quality (also `aqi`, `大気`)
///     /weather Chicago °F             units for this command only (`f`, `imperial`, `c`, `metric`, `k`)
///     /weather 16.05,108.22           coordinates, no geocoding
///     /weather set Danang             save the caller's default place
///     /weather set units imperial     save the caller's units
///     /weather unset                  forget both
///     /weather                        the saved place, else the team default, else help
public struct WeatherCommand: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Current weather; nil means the caller's or the team's default place.
        case current(PlaceQuery?)
        /// The next days; nil means the default place.
        case forecast(PlaceQuery?)
        /// The next 24 hours in 3-hour steps; nil means the default place.
        case hourly(PlaceQuery?)
        /// The air quality now; nil means the default place.
        case air(PlaceQuery?)
        case help
        case savePlace(PlaceQuery)
        case saveUnits(Units)
        case forget
        /// Text that cannot be a place (out-of-range coordinates, a pasted paragraph), with the text.
        case invalidPlace(String)
        /// `set` without a place, or `set units` without a known unit.
        case incompleteSet
    }

    public var action: Action
    /// Units asked for in this command only, overriding the saved and the team's units.
    public var units: Units?

    /// The longest place name accepted: the geocoder has nothing longer, and it keeps a pasted
    /// paragraph out of upstream URLs.
    public static let maximumPlaceLength = 100

    public init(action: Action, units: Units? = nil) {
        self.action = action
        self.units = units
    }

    public init(text: String) {
        var words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard let first = words.first?.lowercased() else {
            self.init(action: .current(nil))
            return
        }
        switch first {
        case "help", "?", "ヘルプ":
            self.init(action: .help)
            return
        case "unset":
            self.init(action: .forget)
            return
        case "set":
            words.removeFirst()
            if words.first?.lowercased() == "units" {
                let units = words.count == 2 ? Self.units(words[1]) : nil
                self.init(action: units.map(Action.saveUnits) ?? .incompleteSet)
            } else if words.isEmpty {
                self.init(action: .incompleteSet)
            } else {
                self.init(action: Self.place(words.joined(separator: " ")).map(Action.savePlace) ?? .invalidPlace(words.joined(separator: " ")))
            }
            return
        default:
            break
        }

        var units: Units?
        var view = WeatherView.now
        // Keywords count only at either end, so a place such as "Fort Collins" keeps its words.
        while let edge = Self.edgeKeyword(in: words) {
            let word = words.remove(at: edge)
            if let parsed = Self.units(word) {
                units = parsed
            } else if let asked = WeatherView(keyword: word) {
                view = asked
            }
        }
        let placeText = words.joined(separator: " ")
        let place: PlaceQuery?
        if placeText.isEmpty {
            place = nil
        } else if let parsed = Self.place(placeText) {
            place = parsed
        } else {
            self.init(action: .invalidPlace(placeText), units: units)
            return
        }
        self.init(action: view.action(place), units: units)
    }

    /// The index (0 or last) of a unit or view keyword, if either end holds one.
    private static func edgeKeyword(in words: [String]) -> Int? {
        for index in [words.count - 1, 0] where index >= 0 && index < words.count {
            let word = words[index]
            if units(word) != nil || WeatherView(keyword: word) != nil { return index }
        }
        return nil
    }

    /// `°F`, `f`, `imperial`, `℉` → imperial; `°C`, `c`, `metric`, `℃` → metric; `k`, `kelvin`, `standard` → standard.
    public static func units(_ word: String) -> Units? {
        switch word.lowercased() {
        case "°f", "f", "imperial", "fahrenheit", "℉": .imperial
        case "°c", "c", "metric", "celsius", "℃": .metric
        case "k", "kelvin", "standard": .standard
        default: nil
        }
    }

    /// Coordinates when the text is `lat,lon`, a name otherwise; nil when it cannot be a place.
    static func place(_ text: String) -> PlaceQuery? {
        do {
            return .coordinates(try Coordinates.parse(text))
        } catch .notCoordinates {
            return text.count <= maximumPlaceLength ? .name(text) : nil
        } catch {
            return nil
        }
    }
}

/// A place as the user gave it.
public enum PlaceQuery: Sendable, Hashable, CustomStringConvertible {
    /// A name for geocoding, as typed (`Da Nang, VN`, `東京`).
    case name(String)
    /// A point, which skips geocoding.
    case coordinates(Coordinates)

    /// Reads saved text back (`16.05,108.22` or a name).
    public init?(text: String) {
        guard let place = WeatherCommand.place(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")) else { return nil }
        self = place
    }

    public var description: String {
        switch self {
        case .name(let name): name
        case .coordinates(let coordinates): coordinates.description
        }
    }
}
