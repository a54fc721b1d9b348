import Synchronization
import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity

/// Sends slash commands to a listener the way Slack does: form-encoded, signed with a fresh
/// timestamp. The demo, the end-to-end tests and (later) replay use it.
public struct SignedCommandSender: Sendable {
    public let endpoint: URL
    public let transport: any HTTPTransport
    public let signer: SlackRequestSigner?
    let clock: any WallClock
    /// How long to wait for the listener's answer before `TransportError.timedOut`: a guard
    /// against a listener that never answers, not a speed limit.
    public let timeout: Duration

    /// - Parameter signingSecret: nil sends the request unsigned (to show the 401).
    public init(
        endpoint: URL, transport: any HTTPTransport, signingSecret: String?, clock: any WallClock = SystemWallClock(),
        timeout: Duration = .seconds(10)
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.signer = signingSecret.map(SlackRequestSigner.init(signingSecret:))
        self.clock = clock
        self.timeout = timeout
    }

    /// The form fields Slack sends for `command text`, from a fixed sample team, user and channel.
    public static func fields(command: String, text: String, userID: String = "U0TENKIDEMO", responseURL: String = "https://hooks.slack.com/commands/T0TENKI/1/demo") -> [(String, String)] {
        [
            ("token", "demo-verification-token"), ("team_id", "T0TENKI"), ("team_domain", "tenki-demo"),
            ("channel_id", "C0TENKI"), ("channel_name", "general"), ("user_id", userID), ("user_name", "demo"),
            ("command", command), ("text", text), ("api_app_id", "A0TENKI"), ("is_enterprise_install", "false"),
            ("response_url", responseURL), ("trigger_id", nextTriggerID()),
        ]
    }

    private static let sent = Atomic<Int>(0)

    /// Unique per command, as Slack's are: two commands with the same words, signed in the same
    /// second, are two requests, not a replay of one.
    private static func nextTriggerID() -> String {
        "\(sent.add(1, ordering: .relaxed).newValue).\(getpid()).demo"
    }

    public func send(command: String, text: String) async throws(TransportError) -> OutboundResponse {
        try await send(body: Array(FormURLEncoded.encode(Self.fields(command: command, text: text)).utf8))
    }

    public func send(body: [UInt8]) async throws(TransportError) -> OutboundResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        if let signer {
            let timestamp = Int64(clock.now().timeIntervalSince1970)
            for (name, value) in signer.headers(timestamp: timestamp, body: body) { headers.add(name, value) }
        }
        return try await transport.send(OutboundRequest(method: "POST", url: endpoint, headers: headers, body: body, timeout: timeout))
    }
}
