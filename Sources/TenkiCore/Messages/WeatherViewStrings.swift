/// What the hourly and air-quality views say, in each reply language (beside `ReplyStrings`).
public struct WeatherViewStrings: StringTable {
    public var hourlyTitle: String
    /// One step's label: `{weekday}` (from `ReplyStrings.weekdays`) and `{time}` (`HH:mm`).
    public var hourlyStep: String
    /// The context line saying whose clock the times are on: `{offset}` is `+07:00`.
    public var hourlyTimes: String
    public var airTitle: String
    /// `{index}` 1...5 and `{name}` from `airIndexNames`.
    public var airIndex: String
    /// The names of indexes 1...5, in order.
    public var airIndexNames: [String]
    /// What the index means, so the number reads without looking it up.
    public var airScale: String
    /// A pollutant the upstream did not measure.
    public var unavailable: String

    /// The name of `index` (`Good`, `良好`).
    public func name(of index: AirQualityIndex) -> String {
        airIndexNames[index.rawValue - 1]
    }

    public static let english = WeatherViewStrings(
        hourlyTitle: "{place}: the next 24 hours",
        hourlyStep: "{weekday} {time}",
        hourlyTimes: "Local times (UTC{offset}), every 3 hours",
        airTitle: "Air quality: {place}",
        airIndex: "AQI {index} · {name}",
        airIndexNames: ["Good", "Fair", "Moderate", "Poor", "Very Poor"],
        airScale: "OpenWeatherMap's index: 1 Good, 2 Fair, 3 Moderate, 4 Poor, 5 Very Poor",
        unavailable: "n/a")

    public static let japanese = WeatherViewStrings(
        hourlyTitle: "{place} の24時間予報",
        hourlyStep: "{weekday} {time}",
        hourlyTimes: "現地時刻（UTC{offset}）、3時間ごと",
        airTitle: "{place} の大気質",
        airIndex: "AQI {index}・{name}",
        airIndexNames: ["良好", "まずまず", "中程度", "悪い", "非常に悪い"],
        airScale: "OpenWeatherMap の指数: 1 良好、2 まずまず、3 中程度、4 悪い、5 非常に悪い",
        unavailable: "データなし")
}
