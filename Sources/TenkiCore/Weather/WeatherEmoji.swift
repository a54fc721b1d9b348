/// Emoji for OpenWeatherMap condition ids, by day and night.
///
/// An explicit row per id of the official table (owm_conditions.md), so that a reviewer can read
/// every choice and a test can check that none is missing. Ids the table does not know (new
/// ones) fall back to their group (first digit), then to a neutral thermometer.
public enum WeatherEmoji {
    /// The emoji for one id, by day and by night (the same for most ids).
    public struct Entry: Sendable, Hashable {
        public var day: String
        public var night: String
    }

    /// Shown when neither the id nor its group is known.
    public static let neutral = "🌡️"

    static let thunderstorm = Entry("⛈️")
    static let drizzle = Entry(day: "🌦️", night: "🌧️")
    static let rain = Entry("🌧️")
    static let snow = Entry("❄️")
    static let sleet = Entry("🌨️")
    static let fog = Entry("🌫️")
    static let dust = Entry("🏜️")
    static let clouds = Entry("☁️")

    /// Every id of the official table.
    public static let table: [Int: Entry] = [
        // 2xx thunderstorm
        200: thunderstorm, 201: thunderstorm, 202: thunderstorm, 210: thunderstorm, 211: thunderstorm,
        212: thunderstorm, 221: thunderstorm, 230: thunderstorm, 231: thunderstorm, 232: thunderstorm,
        // 3xx drizzle
        300: drizzle, 301: drizzle, 302: drizzle, 310: drizzle, 311: drizzle, 312: drizzle, 313: drizzle,
        314: drizzle, 321: drizzle,
        // 5xx rain; light rain shows the sun by day. 511 freezing rain: ice, not water.
        500: Entry(day: "🌦️", night: "🌧️"), 501: rain, 502: rain, 503: rain, 504: rain,
        511: Entry("🧊"),
        520: rain, 521: rain, 522: rain, 531: rain,
        // 6xx snow: snowflake for snow, cloud with snow for sleet and showers
        600: snow, 601: snow, 602: snow,
        611: sleet, 612: sleet, 613: sleet, 615: sleet, 616: sleet, 620: sleet, 621: sleet, 622: sleet,
        // 7xx atmosphere
        701: fog, 711: Entry("💨"), 721: fog, 731: dust, 741: fog, 751: dust, 761: dust,
        762: Entry("🌋"), 771: Entry("🌬️"), 781: Entry("🌪️"),
        // 800 clear, 80x clouds
        800: Entry(day: "☀️", night: "🌙"),
        801: Entry(day: "🌤️", night: "🌙☁️"),
        802: Entry(day: "⛅", night: "☁️"),
        803: clouds, 804: clouds,
    ]

    /// Fallback by group (the id's first digit).
    static let groups: [Int: Entry] = [
        2: thunderstorm, 3: drizzle, 5: rain, 6: snow, 7: fog, 8: clouds,
    ]

    /// The explicit entry for `id`, or nil when only a fallback would apply.
    public static func entry(forConditionID id: Int) -> Entry? { table[id] }

    /// The emoji to show for a condition id at day or night.
    public static func emoji(forConditionID id: Int, isNight: Bool) -> String {
        guard let entry = table[id] ?? groups[id / 100] else { return neutral }
        return isNight ? entry.night : entry.day
    }
}

extension WeatherEmoji.Entry {
    /// The same emoji by day and by night.
    init(_ both: String) {
        self.init(day: both, night: both)
    }
}
