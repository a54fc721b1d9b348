import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiSecurity

/// Direct calls to Slack's Web API with the bot token, for answers needed at once (not queued):
/// `auth.test` (which workspace the token belongs to), `users.info` (a caller's time zone) and the
/// `views.*` methods of the Home tab and modals (`SlackWebAPIClient+Views.swift`).
/// Posts go through the delivery queue instead (`DeliveryQueue.enqueueChatPostMessage`).
///
/// The token travels only in the `Authorization` header; errors and descriptions never hold it.
public struct SlackWebAPIClient: Sendable {
    let endpoint: SlackWebAPIEndpoint

    /// - Parameter baseURL: `SLACK_API_BASE_URL` (`https://slack.com/api`).
    public init(transport: any HTTPTransport, baseURL: URL, token: SlackBotToken, timeout: Duration = .seconds(5)) {
        endpoint = SlackWebAPIEndpoint(transport: transport, baseURL: baseURL, token: token, timeout: timeout)
    }

    /// The id of the workspace (`T…`) the bot token belongs to (`auth.test`'s `team_id`).
    public func teamID() async throws(SlackWebAPIError) -> String {
        let answer = try await call("auth.test", form: [:])
        guard let team = answer["team_id"] as? String, !team.isEmpty else {
            throw .unreadableAnswer(method: "auth.test")
        }
        return team
    }

    /// `users.info`'s `user.tz` (`Asia/Ho_Chi_Minh`) for `userID`; nil when Slack has none.
    public func timeZone(ofUser userID: String) async throws(SlackWebAPIError) -> String? {
        let answer = try await call("users.info", form: ["user": userID])
        guard let user = answer["user"] as? [String: Any] else { throw .unreadableAnswer(method: "users.info") }
        guard let zone = user["tz"] as? String, !zone.isEmpty else { return nil }
        return zone
    }

    /// POSTs `form` (as `application/x-www-form-urlencoded`) to `{baseURL}/{method}` and returns
    /// the answer's object when `ok` is true.
    func call(_ method: String, form: [String: String]) async throws(SlackWebAPIError) -> [String: Any] {
        let body = form.sorted { $0.key < $1.key }.map { "\(Self.formEncode($0.key))=\(Self.formEncode($0.value))" }
            .joined(separator: "&")
        return try await send(method, contentType: "application/x-www-form-urlencoded", body: Array(body.utf8))
    }

    /// POSTs a JSON body (the `views.*` methods, whose `view` is an object) the same way.
    func call(_ method: String, json body: [UInt8]) async throws(SlackWebAPIError) -> [String: Any] {
        try await send(method, contentType: "application/json; charset=utf-8", body: body)
    }

    private func send(_ method: String, contentType: String, body: [UInt8]) async throws(SlackWebAPIError) -> [String: Any] {
        try await endpoint.post(method, contentType: contentType, body: body)
    }

    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Slack's codes are short lowercase tokens; anything else is not echoed.
    static func isCode(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
    }
}
