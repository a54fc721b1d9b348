/// What a `/weather` command asks for, read from its text. Pure: no lookups happen here.
public enum WeatherQuery: Sendable, Equatable {
    /// `/weather help`.
    case help
    /// `/weather` with no text: the caller's or the team's default place, else help.
    case defaultPlace
    /// `/weather 16.05,108.22`: skips geocoding.
    case coordinates(Coordinates)
    /// Two numbers that cannot be a point on Earth (`/weather 95,200`): told, not geocoded.
    case invalidCoordinates(String)
    /// Any other text is a place name for geocoding, as typed (`Da Nang, VN`, `東京`).
    case place(String)

    /// The longest place name accepted; OpenWeatherMap's geocoder has nothing longer, and this
    /// keeps a pasted paragraph out of upstream URLs.
    public static let maximumPlaceLength = 100

    public init(text: String) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty {
            self = .defaultPlace
        } else if trimmed.lowercased() == "help" || trimmed == "?" {
            self = .help
        } else {
            do {
                self = .coordinates(try Coordinates.parse(trimmed))
            } catch .notCoordinates {
                self = .place(trimmed.collapsingWhitespace())
            } catch {
                self = .invalidCoordinates(trimmed)
            }
        }
    }
}

extension String {
    /// Trims spaces, tabs, newlines and the ideographic space that Japanese keyboards type.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }

    /// Runs of whitespace become one space (`New   York` → `New York`).
    func collapsingWhitespace() -> String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
