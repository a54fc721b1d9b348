import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// The fake providers behind one origin, as `tenki fakes`, the demo and end-to-end tests run
/// them: OpenWeatherMap's paths (`/geo/…`, `/data/…`), NewsAPI's (`/v2/…`) and feeds
/// (`/feeds/…`). One listener and one base URL for all keeps scripts simple.
public struct FakeUpstreams: AsyncHTTPHandler {
    public let openWeather: FakeOpenWeatherMap
    public let news: FakeNewsAPI
    public let feeds: FakeFeeds

    public init(
        openWeather: FakeOpenWeatherMap = FakeOpenWeatherMap(), news: FakeNewsAPI = FakeNewsAPI(), feeds: FakeFeeds = FakeFeeds()
    ) {
        self.openWeather = openWeather
        self.news = news
        self.feeds = feeds
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if request.path.hasPrefix("/v2/") {
            return await news.handle(request)
        }
        if request.path.hasPrefix("/feeds/") {
            return await feeds.handle(request)
        }
        if request.path.hasPrefix("/geo/") || request.path.hasPrefix("/data/") {
            return await openWeather.handle(request)
        }
        return .text(.notFound, "the fakes serve OpenWeatherMap (/geo, /data), NewsAPI (/v2) and feeds (/feeds)\n")
    }
}
