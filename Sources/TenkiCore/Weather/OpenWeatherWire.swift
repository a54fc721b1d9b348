/// The JSON that OpenWeatherMap sends, decoded as-is. A namespace, so that wire names like
/// `Main` or `Sys` never collide with Tenki's own domain types.
///
/// Rule for optionals: a field is optional only when a real response in `Tests/Fixtures` lacks it
/// (or the provider documents it as sometimes absent). Fields that every response carries
/// (`coord`, `weather`, `main.temp`, `main.humidity`, `dt`, `name`) are required, so a response
/// that lacks them fails loudly as undecodable instead of rendering as zeros.
///
/// Numbers: Foundation's `JSONDecoder` decodes `10` into a `Double` and `10.0` into an `Int`
/// (pinned by a test), so no "Int or Double" wrapper is needed.
public enum OpenWeatherWire {}

extension OpenWeatherWire {
    /// `coord`: latitude and longitude in degrees. Some responses send integers (`"lon": 139`).
    public struct Coord: Decodable, Sendable, Equatable {
        public var lat: Double
        public var lon: Double
    }

    /// One entry of `weather`. The first entry is the primary condition; the icon is NOT derivable
    /// from the id (id 800 arrives with icon `02n`), so both are kept.
    public struct Condition: Decodable, Sendable, Equatable {
        public var id: Int
        public var main: String
        public var description: String
        public var icon: String
    }

    /// `wind`. `deg` is missing in calm or old responses; `gust` only appears when there are gusts.
    public struct Wind: Decodable, Sendable, Equatable {
        public var speed: Double
        public var deg: Double?
        public var gust: Double?
    }

    /// `clouds`: cloudiness in percent.
    public struct Clouds: Decodable, Sendable, Equatable {
        public var all: Int?
    }

    /// `rain` or `snow`: volume in mm over the last hour (`1h`) or three hours (`3h`).
    /// Old forecast responses send an empty object (`"rain": {}`), which decodes with both nil.
    public struct Precipitation: Decodable, Sendable, Equatable {
        public var oneHour: Double?
        public var threeHours: Double?

        enum CodingKeys: String, CodingKey {
            case oneHour = "1h"
            case threeHours = "3h"
        }
    }

    /// `main` of current weather and of forecast entries. `feels_like` is absent from responses
    /// before 2019; `pressure` is sometimes a float (`995.88`).
    public struct Main: Decodable, Sendable, Equatable {
        public var temp: Double
        public var feelsLike: Double?
        public var tempMin: Double?
        public var tempMax: Double?
        public var pressure: Double?
        public var humidity: Int
        public var seaLevel: Double?
        public var grndLevel: Double?

        enum CodingKeys: String, CodingKey {
            case temp, pressure, humidity
            case feelsLike = "feels_like"
            case tempMin = "temp_min"
            case tempMax = "temp_max"
            case seaLevel = "sea_level"
            case grndLevel = "grnd_level"
        }
    }

    /// `cod` of an error body: `401` in some responses, `"404"` in others. Keeps the text as sent.
    public struct Code: Decodable, Sendable, Equatable, CustomStringConvertible {
        /// The code as text, whichever way it came.
        public var text: String

        public init(_ text: String) {
            self.text = text
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                text = String(number)
            } else {
                text = try container.decode(String.self)
            }
        }

        /// The code as a number, when it is one.
        public var number: Int? { Int(text) }

        public var description: String { text }
    }

    /// The body of an error: `{"cod": 404 or "404", "message": "..."}`.
    public struct ErrorBody: Decodable, Sendable, Equatable {
        public var cod: Code
        public var message: String
    }
}
