import TenkiCore
import TenkiHTTPServer
import TenkiSecurity

/// One way in: turns a request into the neutral `Inbound` value after verifying it, in the order
/// its platform's contract needs (Slack: signature, then body; Mattermost: the token may be in the
/// body, so the body first). The media type, the answers to refusals and the dispatch are the
/// router's, once for every way in (`TenkiRouter.serve(_:via:)`).
protocol InboundAdapter: Sendable {
    /// The route's label in metrics and logs.
    var route: String { get }
    /// The media type the way in takes (`application/x-www-form-urlencoded` or `application/json`).
    var mediaType: InboundMediaType { get }
    /// What the 415 says they are: "Slack commands".
    var what: String { get }
    /// Whether a verified request and its answer are written as a replay file (`serve --record`).
    var isRecorded: Bool { get }

    /// The request as the value the dispatcher runs; throws when the request ends here (refused,
    /// undecodable, or answered by the way in itself). The value is returned, not wrapped, so
    /// the listener's path moves it instead of copying it.
    func inbound(from request: HTTPRequest) throws(AdapterStop) -> Inbound
}

enum InboundMediaType: Sendable {
    case form
    case json
}

/// Why a request ends at its adapter instead of reaching the dispatcher.
enum AdapterStop: Error, Sendable {
    /// Verified, and answered by the way in itself: Slack's `ssl_check`, Discord's PING.
    case answered(HTTPResponse)
    /// The signature or token failed: a 401.
    case refused(RequestVerificationError)
    /// Verified (or verifiable without it), but the body is not what the way in takes: a 400.
    case undecodable(detail: String, expected: String)
}

extension InboundAdapter {
    var isRecorded: Bool { false }
}

extension AdapterStop {
    /// Runs the way in's check of the signature or token: a failure ends the request as a refusal.
    static func verifying(_ check: () throws(RequestVerificationError) -> Void) throws(AdapterStop) {
        do {
            try check()
        } catch {
            throw .refused(error)
        }
    }

    /// The body as `decode` reads it: a failure ends the request as undecodable, saying it is not
    /// `expected` ("a Slack slash command") and why (the error's description).
    static func decoding<Value, Failure: Error & CustomStringConvertible>(
        _ expected: String, _ decode: () throws(Failure) -> Value
    ) throws(AdapterStop) -> Value {
        do {
            return try decode()
        } catch {
            throw .undecodable(detail: error.description, expected: expected)
        }
    }
}
