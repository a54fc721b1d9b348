import Foundation

/// Everything one digest shows, gathered by `DigestBuilder` and turned into a message by
/// `DigestMessageFormatter`. Kept apart from the fetching so the layout is tested without I/O.
public struct DigestReport: Sendable {
    /// One configured city: its weather, or why there is none. A failed city keeps its place in
    /// the list, so readers see that it is missing rather than wondering where it went.
    public enum City: Sendable {
        case weather(CityWeather)
        case failed(query: String)
    }

    /// The weather at one city now, with today's forecast when the forecast call worked.
    public struct CityWeather: Sendable {
        public var title: String
        public var current: CurrentWeather
        public var today: DailyForecast?
        /// The forecast the line was made from, for the digest's chart; nil when it failed.
        public var forecast: Forecast?

        public init(title: String, current: CurrentWeather, today: DailyForecast?, forecast: Forecast? = nil) {
            self.title = title
            self.current = current
            self.today = today
            self.forecast = forecast
        }
    }

    /// The headlines part: articles (already filtered against the previous digest), a failure
    /// note, or nothing at all (no NewsAPI key: the digest is weather only).
    public enum Headlines: Sendable {
        case articles([NewsArticle])
        case failed
        case omitted
    }

    /// The local calendar date the digest is for, in the digest's time zone.
    public var date: LocalDate
    public var cities: [City]
    public var headlines: Headlines
    public var units: Units
    /// A channel's own morning report (a subscription's one place) rather than a team digest:
    /// the header says so.
    public var isChannelReport: Bool
    /// Where the headlines came from, as the sources line names them: NewsAPI.org, or the feeds.
    public var newsSources: [String] = [ReplyStrings.newsProvider]
    /// The news source had no headlines at all (rather than only ones the last digest showed).
    public var newsFoundNone = false

    public init(date: LocalDate, cities: [City], headlines: Headlines, units: Units, isChannelReport: Bool = false) {
        self.date = date
        self.cities = cities
        self.headlines = headlines
        self.units = units
        self.isChannelReport = isChannelReport
    }

    /// A calendar date with its weekday (0 = Sunday), as the header shows it.
    public struct LocalDate: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var weekday: Int
    }
}

extension DigestReport.LocalDate {
    /// The date at `instant` in `timeZone` (the team's zone, not the server's).
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
        self.init(
            year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1,
            weekday: ((parts.weekday ?? 1) - 1 + 7) % 7)
    }
}
