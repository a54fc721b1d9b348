import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// The fake providers behind one origin, as `tenki fakes`, the demo and end-to-end tests run
/// them: OpenWeatherMap's paths (`/geo/…`, `/data/…`) and NewsAPI's (`/v2/…`). One listener and
/// one base URL for both keeps scripts simple.
public struct FakeUpstreams: AsyncHTTPHandler {
    public let openWeather: FakeOpenWeatherMap
    public let news: FakeNewsAPI

    public init(openWeather: FakeOpenWeatherMap = FakeOpenWeatherMap(), news: FakeNewsAPI = FakeNewsAPI()) {
        self.openWeather = openWeather
        self.news = news
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if request.path.hasPrefix("/v2/") {
            return await news.handle(request)
        }
        if request.path.hasPrefix("/geo/") || request.path.hasPrefix("/data/") {
            return await openWeather.handle(request)
        }
        return .text(.notFound, "the fakes serve OpenWeatherMap (/geo, /data) and NewsAPI (/v2)\n")
    }
}
