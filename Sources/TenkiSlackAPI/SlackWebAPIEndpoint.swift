import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiSecurity

/// Where and how a Slack Web API method is called with one token: serves the bot-token client
/// (`SlackWebAPIClient`) and the app-token client (`SlackAppsConnectionsClient`) alike.
/// The token travels only in the `Authorization` header; errors never hold it.
struct SlackWebAPIEndpoint: Sendable {
    let transport: any HTTPTransport
    /// `SLACK_API_BASE_URL` (`https://slack.com/api`).
    let baseURL: URL
    let token: any SlackToken
    let timeout: Duration

    /// POSTs `body` to `{baseURL}/{method}` and returns the answer's object when `ok` is true.
    /// Any status outside 2xx (429 included) is `.status`, a false `ok` is `.refused` with Slack's code
    /// (`unknown_error` when the code is not one of Slack's short lowercase tokens).
    func post(_ method: String, contentType: String, body: [UInt8]) async throws(SlackWebAPIError) -> [String: Any] {
        var headers = HTTPHeaders()
        headers.set("Content-Type", contentType)
        headers.set("Authorization", token.authorization)
        let request = OutboundRequest(
            method: "POST", url: baseURL.appendingPathComponent(method), headers: headers, body: body,
            timeout: timeout, publicAddressesOnly: DestinationAddressRule.requiresPublicAddresses(baseURL))
        let response: OutboundResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .transport(method: method, error)
        }
        guard (200...299).contains(response.status) else {
            throw .status(method: method, code: response.status, retryAfter: response.headers["Retry-After"])
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any],
            let ok = object["ok"] as? Bool
        else { throw .unreadableAnswer(method: method) }
        guard ok else {
            let error = object["error"] as? String ?? "unknown_error"
            throw .refused(method: method, error: SlackWebAPIClient.isCode(error) ? error : "unknown_error")
        }
        return object
    }
}
