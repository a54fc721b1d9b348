import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPServer
import TenkiLogging

extension TenkiRouter {
    public static let interactionsPath = "/slack/interactions"
    public static let discordInteractionsPath = "/discord/interactions"
    /// The metrics and log labels of the ways in besides `/slack/commands`.
    static let interactionsRoute = "interactions"
    static let discordRoute = "discord_interactions"
    static let mattermostRoute = "mattermost_commands"
    public static let eventsPath = "/slack/events"
    static let eventsRoute = "events"

    /// The Events API way in, served wherever interactions are (same signing secret).
    var slackEvents: SlackEventsAdapter? { slackInteractions.map { SlackEventsAdapter(verifier: $0.verifier) } }

    /// The front half of every way in, once: the media type (415), the adapter's verification
    /// (401) and decoding (400), then a stored answer on the listener's thread, or the value to a
    /// task, the dispatcher and the edge.
    func serve(_ exchange: RouteExchange, via adapter: some InboundAdapter) -> HTTPHandling {
        guard Self.accepts(adapter.mediaType, exchange.request.headers["Content-Type"]) else {
            let type = adapter.mediaType == .json ? "application/json" : "application/x-www-form-urlencoded"
            return now(.text(.unsupportedMediaType, "\(adapter.what) are \(type)\n"), exchange)
        }
        let inbound: Inbound
        do {
            inbound = try adapter.inbound(from: exchange.request)
        } catch {
            switch error {
            case .refused(let error):
                return now(refused(error, log: log(exchange)), exchange)
            case .undecodable(let detail, let expected):
                log(exchange).notice("undecodable body", [("expected", expected), ("detail", detail)])
                return now(.text(.badRequest, "the body is not \(expected): \(detail)\n"), exchange)
            case .answered(let response):
                return now(recorded(adapter, exchange.request, response, logger: log(exchange)), exchange)
            }
        }
        // While recording (`serve --record`), every request takes the path that writes replay files.
        if recorder == nil || !adapter.isRecorded, let body = dispatcher.cachedAnswer(to: inbound) {
            // Room for the request id too (`finished`), so adding it does not move the fields.
            var headers = HTTPHeaders()
            headers.reserveCapacity(2)
            headers.add("Content-Type", "application/json; charset=utf-8")
            return now(HTTPResponse(status: .ok, headers: consume headers, body: body), exchange)
        }
        return .later {
            let requestLog = log(exchange)
            let outcome = await dispatcher.dispatch(inbound, logger: requestLog)
            let response = recorded(adapter, exchange.request, response(to: outcome, for: inbound.context), logger: requestLog)
            return finished(response, exchange)
        }
    }

    /// The edge: an outcome rendered once, for the platform the value came from.
    func response(to outcome: InboundOutcome, for context: InboundContext) -> HTTPResponse {
        let renderers = dispatcher.renderers
        switch (outcome, context.platform) {
        case (.command(let reply), let platform):
            return .json(.ok, renderers.body(of: reply, for: platform))
        case (.press(let answer), .discord):
            return .json(.ok, MessageEncoding.json(renderers.discordResponse(to: answer)))
        case (.press(let answer), _):
            return .json(.ok, renderers.slackBody(of: answer))
        case (.thinking(let visibility), _):
            return .json(
                .ok, MessageEncoding.json(DiscordInteractionResponse.deferredMessage(ephemeral: visibility == .ephemeral)))
        case (.deferredUpdate, _):
            return .json(.ok, MessageEncoding.json(DiscordInteractionResponse.deferredUpdate))
        case (.failed, _):
            return .text(.serviceUnavailable, "not handled now; try again\n", headers: ["Retry-After": "5"])
        case (.busy, _):
            return .text(.serviceUnavailable, "busy: try again later\n", headers: ["Retry-After": "1"])
        case (.view(let answer), _):
            return .json(.ok, ViewEncoding.json(answer))
        case (.acknowledged, _), (.notHandled, .slack), (.notHandled, .mattermost):
            return HTTPResponse(status: .ok)
        case (.notHandled, .discord):
            // Discord shows "interaction failed" for an empty answer: say what Tenki answers.
            let note = ChatMessage(summary: .text("Tenki answers /weather and /news."), visibility: .ephemeral)
            return .json(.ok, MessageEncoding.json(DiscordInteractionResponse.message(renderers.discord(note))))
        }
    }

    /// Hands a verified request and its response to the recorder, if any and if the way in is
    /// recorded; returns the response.
    private func recorded(
        _ adapter: some InboundAdapter, _ request: HTTPRequest, _ response: HTTPResponse, logger: Logger
    ) -> HTTPResponse {
        if adapter.isRecorded { recorder?.record(request, response: response, logger: logger) }
        return response
    }

    static func accepts(_ mediaType: InboundMediaType, _ contentType: String?) -> Bool {
        switch mediaType {
        case .form: isFormEncoded(contentType)
        case .json: Self.mediaType(contentType) == "application/json"
        }
    }

    /// The media type before any `;` parameters, lowercased and trimmed.
    static func mediaType(_ contentType: String?) -> String {
        (contentType ?? "").split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
    }
}
