import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// The fake providers behind one origin, as `tenki fakes`, the demo and end-to-end tests run
/// them: OpenWeatherMap's paths (`/geo/…`, `/data/…`), NewsAPI's (`/v2/…`), feeds (`/feeds/…`)
/// and a webhook sink for every platform's webhook paths (`FakeWebhookReceiver.webhookPaths`),
/// whose posts `GET /webhooks/posts` lists. One listener and one base URL for all keeps
/// scripts simple.
public struct FakeUpstreams: AsyncHTTPHandler {
    public let openWeather: FakeOpenWeatherMap
    public let news: FakeNewsAPI
    public let feeds: FakeFeeds
    public let webhooks: FakeWebhookReceiver

    public init(
        openWeather: FakeOpenWeatherMap = FakeOpenWeatherMap(), news: FakeNewsAPI = FakeNewsAPI(), feeds: FakeFeeds = FakeFeeds(),
        webhooks: FakeWebhookReceiver = FakeWebhookReceiver()
    ) {
        self.openWeather = openWeather
        self.news = news
        self.feeds = feeds
        self.webhooks = webhooks
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if request.method == "GET", request.path == "/webhooks/posts" {
            return .json(.ok, webhooks.postsJSON())
        }
        if request.method == "POST", FakeWebhookReceiver.isWebhookPath(String(request.path)) {
            return await webhooks.handle(request)
        }
        if request.path.hasPrefix("/v2/") {
            return await news.handle(request)
        }
        if request.path.hasPrefix("/feeds/") {
            return await feeds.handle(request)
        }
        if request.path.hasPrefix("/geo/") || request.path.hasPrefix("/data/") {
            return await openWeather.handle(request)
        }
        return .text(
            .notFound,
            "the fakes serve OpenWeatherMap (/geo, /data), NewsAPI (/v2), feeds (/feeds) and webhooks "
                + "(POST /services, /hooks, /api/webhooks, /v1/spaces/SPACE/messages; GET /webhooks/posts)\n")
    }
}
