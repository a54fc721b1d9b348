import Foundation
import TenkiCore
import TenkiLogging
import TenkiProviders

/// Gathers one digest: every city's weather (concurrently: one child task per city, each looking
/// up its current weather and forecast at once) and the headlines, then formats the message.
///
/// Failures stay local: a city that cannot be found or fetched becomes a short note, news that
/// fails becomes a note, and the rest still posts. A digest with notes beats no digest at all.
public struct DigestBuilder: Sendable {
    /// What one digest shows; from its settings.
    public struct Content: Sendable, Equatable {
        public var cities: [String]
        /// nil: the country's top headlines.
        public var newsQuery: String?
        /// The feeds whose items this digest shows, by name; nil: every feed (when news comes from feeds).
        public var newsFeeds: [String]? = nil
        public var language: WeatherLanguage
        public var units: Units
        public var timeZone: TimeZone
        /// Places already resolved, in the place of geocoding `cities` (a subscription's).
        public var places: [Place]? = nil
        /// False: weather only, no headlines asked for.
        public var includesNews = true
        /// A channel's own morning report rather than a team digest (its header says so).
        public var isChannelReport = false
    }

    /// A built digest and what the ledger keeps of it.
    public struct Built: Sendable {
        public var message: ChatMessage
        /// The URLs of the headlines shown, stored with the slot so the next digest skips them.
        public var headlineURLs: [String]
        public var failedCities: [String]
        public var newsFailed: Bool
    }

    /// The chart of the first city's next 24 hours (with `TENKI_PUBLIC_URL`); nil: digests have none.
    public var chart: (@Sendable (Forecast, Content, Date) -> ChatMessage.Part?)? = nil

    let weather: WeatherService?
    let news: NewsService?
    let feeds: FeedService?
    let newsCountry: String
    let logger: Logger

    /// - Parameters:
    ///   - weather: nil when no OpenWeatherMap key is set (every city is then a note).
    ///   - news: nil when no NewsAPI key is set (the digest is weather only).
    ///   - feeds: the feeds, when news comes from feeds (then `news` is not asked).
    public init(
        weather: WeatherService?, news: NewsService?, feeds: FeedService? = nil, newsCountry: String, logger: Logger = .discarding
    ) {
        self.weather = weather
        self.news = news
        self.feeds = feeds
        self.newsCountry = newsCountry
        self.logger = logger.with("component", "digest")
    }

    /// - Parameter excludingHeadlines: URLs the previous digest showed.
    public func build(_ content: Content, excludingHeadlines: Set<String>, now: Date) async -> Built {
        async let headlines = headlines(content, excluding: excludingHeadlines)
        let cities = await cityReports(content, now: now)
        let gathered = await headlines
        let news = gathered.headlines
        var report = DigestReport(
            date: DigestReport.LocalDate(now, in: content.timeZone), cities: cities, headlines: news, units: content.units,
            isChannelReport: content.isChannelReport)
        report.newsSources = gathered.sources
        report.newsFoundNone = gathered.foundNone
        var message = DigestMessageFormatter(language: content.language).message(for: report)
        if let chart, case .weather(let first)? = cities.first, let forecast = first.forecast, let part = chart(forecast, content, now) {
            // After the city lines: before the headlines' divider, or else before the sources line.
            let index = message.parts.firstIndex { if case .divider = $0 { true } else { false } }
                ?? message.parts.lastIndex { if case .context = $0 { true } else { false } } ?? message.parts.endIndex
            message.parts.insert(part, at: index)
        }
        var urls: [String] = []
        var newsFailed = false
        switch news {
        case .articles(let articles): urls = articles.map(\.url.absoluteString)
        case .failed: newsFailed = true
        case .omitted: break
        }
        let failed = cities.compactMap { city -> String? in
            if case .failed(let query) = city { return query }
            return nil
        }
        return Built(message: message, headlineURLs: urls, failedCities: failed, newsFailed: newsFailed)
    }

    /// Every city at once, in the configured order.
    func cityReports(_ content: Content, now: Date) async -> [DigestReport.City] {
        await withTaskGroup(of: (Int, DigestReport.City).self) { group in
            for (index, city) in content.cities.enumerated() {
                let known = content.places.flatMap { $0.indices.contains(index) ? $0[index] : nil }
                group.addTask { (index, await report(city: city, known: known, content, now: now)) }
            }
            var reports = content.cities.map { DigestReport.City.failed(query: $0) }
            for await (index, report) in group { reports[index] = report }
            return reports
        }
    }

    /// - Parameter known: the city's place when already resolved (then nothing is geocoded).
    func report(city query: String, known: Place? = nil, _ content: Content, now: Date) async -> DigestReport.City {
        guard let weather else { return .failed(query: query) }
        do {
            var found = known
            if found == nil { found = try await weather.places(matching: query, language: content.language).value.first }
            guard let place = found else { return .failed(query: query) }
            async let forecast = try? weather.forecast(at: place.coordinates, units: content.units, language: content.language)
            let current = try await weather.currentWeather(at: place.coordinates, units: content.units, language: content.language)
            let fetched = await forecast
            let days = fetched.map { DailyForecast.days(from: $0.value, current: current.value, now: now) }
            return .weather(DigestReport.CityWeather(
                title: WeatherMessageFormatter.title(of: place), current: current.value, today: days?.first,
                forecast: fetched?.value))
        } catch {
            logger.warning("digest city failed", [("city", query), ("error", error.description)])
            return .failed(query: query)
        }
    }

    /// A digest's headlines and where they came from, as its sources line names them.
    struct GatheredHeadlines {
        var headlines: DigestReport.Headlines
        var sources: [String] = [ReplyStrings.newsProvider]
        /// The source had none at all (not only ones the last digest showed).
        var foundNone = false
    }

    func headlines(_ content: Content, excluding seen: Set<String>) async -> GatheredHeadlines {
        guard content.includesNews else { return GatheredHeadlines(headlines: .omitted) }
        if let feeds { return await feedHeadlines(content, from: feeds, excluding: seen) }
        guard let news else { return GatheredHeadlines(headlines: .omitted) }
        let topic: NewsTopic = content.newsQuery.map { .search($0) } ?? .headlines(nil)
        do {
            let articles = try await news.articles(for: topic, country: newsCountry, spender: .schedule).value
            var shown: [NewsArticle] = []
            var urls = seen
            for article in articles where !urls.contains(article.url.absoluteString) {
                urls.insert(article.url.absoluteString)
                shown.append(article)
                if shown.count == DigestMessageFormatter.maximumHeadlines { break }
            }
            return GatheredHeadlines(headlines: .articles(shown), foundNone: articles.isEmpty)
        } catch {
            logger.warning("digest news failed", [("error", error.description)])
            return GatheredHeadlines(headlines: .failed)
        }
    }
}
