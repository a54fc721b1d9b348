import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// The fake providers behind one origin, as `tenki fakes`, the demo and end-to-end tests run
/// them: OpenWeatherMap's paths (`/geo/…`, `/data/…`), NewsAPI's (`/v2/…`), feeds (`/feeds/…`),
/// a webhook sink for every platform's webhook paths (`FakeWebhookReceiver.webhookPaths`), whose
/// posts `GET /webhooks/posts` lists, Discord's API (`/api/v10/…`: `DISCORD_API_BASE_URL` is the
/// origin with `/api/v10`) and Slack's Web API (`/slack-api/…`: `SLACK_API_BASE_URL` is the origin
/// with `/slack-api`), whose `apps.connections.open` hands out URLs of `socketMode`, a WebSocket
/// server on a port of its own, driven through `/socket-mode/…` (`FakeSocketModeControl`). One
/// listener and one base URL for all keeps scripts simple.
public struct FakeUpstreams: AsyncHTTPHandler {
    public let openWeather: FakeOpenWeatherMap
    public let news: FakeNewsAPI
    public let feeds: FakeFeeds
    public let webhooks: FakeWebhookReceiver
    /// Records the PATCHes of `@original`, follow-ups and command registrations Discord would get.
    public let discord: FakeWebhookReceiver
    /// Slack's `chat.postMessage`, `users.info` and `auth.test`, with the bot token it accepts.
    public let slackAPI: FakeSlackWebAPI
    /// Slack's authorize page and `oauth.v2.access`, issuing tokens `slackAPI` accepts.
    public let slackOAuth: FakeSlackOAuth
    /// Slack's Socket Mode endpoint, started by the first `apps.connections.open`.
    public let socketMode: FakeSocketModeServer

    public init(
        openWeather: FakeOpenWeatherMap = FakeOpenWeatherMap(), news: FakeNewsAPI = FakeNewsAPI(), feeds: FakeFeeds = FakeFeeds(),
        webhooks: FakeWebhookReceiver = FakeWebhookReceiver(), discord: FakeWebhookReceiver = FakeWebhookReceiver(),
        slackAPI: FakeSlackWebAPI = FakeSlackWebAPI(), socketMode: FakeSocketModeServer = FakeSocketModeServer()
    ) {
        self.openWeather = openWeather
        self.news = news
        self.feeds = feeds
        self.webhooks = webhooks
        self.discord = discord
        self.slackAPI = slackAPI
        slackOAuth = FakeSlackOAuth(webAPI: slackAPI)
        self.socketMode = socketMode
        slackAPI.attach(socketMode)
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
        if request.path.hasPrefix("/slack-oauth/") || request.path.hasSuffix("/oauth.v2.access") {
            return slackOAuth.handle(request)
        }
        if request.method == "GET", request.path == "/slack-api-posts" {
            return .json(.ok, slackAPI.postsJSON())
        }
        if request.path.hasPrefix("/socket-mode/") {
            return await FakeSocketModeControl(server: socketMode).handle(request)
        }
        if request.path.hasPrefix("/slack-api/") {
            return await slackAPI.handle(request)
        }
        if request.path.hasPrefix("/api/") {
            return await discord.handle(request)
        }
        return .text(
            .notFound,
            "the fakes serve OpenWeatherMap (/geo, /data), NewsAPI (/v2), feeds (/feeds), Discord's API (/api/v10), "
                + "Slack's Web API (/slack-api), the Socket Mode control API (/socket-mode) and webhooks "
                + "(POST /services, /hooks, /api/webhooks, /v1/spaces/SPACE/messages; GET /webhooks/posts)\n")
    }
}
