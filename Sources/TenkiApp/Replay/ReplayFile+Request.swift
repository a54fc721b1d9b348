import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity

extension ReplayFile {
    /// Headers the replayer never copies from a file: the signature is made afresh, the transport
    /// sets the framing headers itself, and a recorded `Accept-Encoding` could ask a proxying target
    /// for an encoding the transport cannot decode.
    static let replacedHeaders: Set<String> = [
        "x-slack-signature", "x-slack-request-timestamp", "x-signature-ed25519", "x-signature-timestamp", "content-length",
        "host", "connection", "transfer-encoding", "accept-encoding",
    ]

    /// A secret the listener never knows, for `"signing": "wrong-secret"`.
    static let wrongSecret = "not-the-signing-secret"

    /// The request to send: the body with `response_url` pointed at the sink, re-signed as `signing` says.
    /// - Parameters:
    ///   - origin: the listener, e.g. `http://127.0.0.1:8080`.
    ///   - now: the signing time (stale signatures are 10 minutes before it).
    ///   - discordKey: signs `"signing": "discord"` files.
    func outboundRequest(
        origin: URL, responseURL: String, signingSecret: String, discordKey: Ed25519PrivateKey, now: Date
    ) -> OutboundRequest {
        let method = request.method ?? "POST"
        let path = request.path ?? TenkiRouter.commandsPath
        let url = URL(string: path, relativeTo: origin)?.absoluteURL ?? origin
        var headers = HTTPHeaders()
        for (name, value) in (request.headers ?? [:]).sorted(by: { $0.key < $1.key })
        where !Self.replacedHeaders.contains(name.lowercased()) {
            headers.add(name, value)
        }
        if !headers.contains("Content-Type") {
            headers.add("Content-Type", "application/x-www-form-urlencoded")
        }
        let body = method == "GET" || method == "HEAD" ? [] : Array(bodyText(responseURL: responseURL).utf8)
        let timestamp = Int64(now.timeIntervalSince1970)
        let signatureHeaders: [(name: String, value: String)] =
            switch signing ?? .valid {
            case .valid: SlackRequestSigner(signingSecret: signingSecret).headers(timestamp: timestamp, body: body)
            case .stale: SlackRequestSigner(signingSecret: signingSecret).headers(timestamp: timestamp - 600, body: body)
            case .wrongSecret: SlackRequestSigner(signingSecret: Self.wrongSecret).headers(timestamp: timestamp, body: body)
            case .discord: DiscordRequestSigner(privateKey: discordKey).headers(timestamp: timestamp, body: body)
            case .discordWrongKey: DiscordRequestSigner(privateKey: .generate()).headers(timestamp: timestamp, body: body)
            case .none: []
            }
        for (name, value) in signatureHeaders { headers.add(name, value) }
        return OutboundRequest(method: method, url: url, headers: headers, body: body, timeout: .seconds(30))
    }

    /// The form body: a raw `body` as written (its `response_url` replaced when it is a form that
    /// has one), else the `form` fields in key order, with the `response_url` field, and the
    /// `{response_url}` placeholder inside an interaction's `payload` JSON, pointed at the sink;
    /// padded when `pad_to_bytes` asks.
    func bodyText(responseURL: String) -> String {
        var text: String
        if let raw = request.body {
            text = raw
            if let fields = try? FormURLEncoded.decode(Array(raw.utf8)), fields.contains(where: { $0.name == "response_url" }) {
                text = FormURLEncoded.encode(fields.map { ($0.name, $0.name == "response_url" ? responseURL : $0.value) })
            }
        } else {
            let form = request.form ?? [:]
            text = FormURLEncoded.encode(form.sorted { $0.key < $1.key }.map { field in
                switch field.key {
                case "response_url": (field.key, responseURL)
                case "payload": (field.key, field.value.replacingOccurrences(of: Self.responseURLPlaceholder, with: responseURL))
                default: (field.key, field.value)
                }
            })
        }
        if let size = request.padToBytes, size > text.utf8.count {
            let prefix = text.isEmpty ? "padding=" : "&padding="
            text += prefix + String(repeating: "x", count: max(0, size - text.utf8.count - prefix.utf8.count))
        }
        return text
    }

    /// Whether the request goes to one of Slack's paths: only Slack's answers are Block Kit (a
    /// Mattermost answer decodes the same way but is Markdown, which Block Kit Builder would show raw).
    var isForSlack: Bool {
        (request.path ?? TenkiRouter.commandsPath).hasPrefix("/slack/")
    }

    /// One line for the transcript: `POST /slack/commands  /weather "Danang"  (signed)`.
    var requestSummary: String {
        let method = request.method ?? "POST"
        let path = request.path ?? TenkiRouter.commandsPath
        var fields: [String: String] = request.form ?? [:]
        if let raw = request.body, let decoded = try? FormURLEncoded.decode(Array(raw.utf8)) {
            for field in decoded { fields[field.name] = field.value }
        }
        var parts = ["\(method) \(path)"]
        if path == TenkiRouter.discordInteractionsPath, let raw = request.body,
           let interaction = try? DiscordInteraction(json: Array(raw.utf8)) {
            let options = interaction.options.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
            parts.append(([interaction.commandName ?? interaction.customID ?? "type \(interaction.type)"] + options).joined(separator: " "))
        } else if let command = fields["command"] {
            parts.append("\(command) \"\(fields["text"] ?? "")\"")
        } else if let payload = fields["payload"], let press = try? InteractionPayload(json: Data(payload.utf8)) {
            parts.append([press.type, press.action?.actionID].compactMap { $0 }.joined(separator: " "))
        } else if fields["ssl_check"] != nil {
            parts.append("ssl_check=\(fields["ssl_check"] ?? "")")
        }
        if let type = request.headers?.first(where: { $0.key.lowercased() == "content-type" })?.value,
            type != "application/x-www-form-urlencoded" {
            parts.append("Content-Type: \(type)")
        }
        if let size = request.padToBytes { parts.append("padded to \(size) bytes") }
        let signing = signing ?? .valid
        if path == TenkiRouter.mattermostCommandsPath, signing == .none {
            parts.append(fields["token"] == nil ? "(no token)" : "(with its token)")
        } else {
            parts.append(signing == .valid ? "(signed)" : signing == .none ? "(unsigned)" : "(signed: \(signing.rawValue))")
        }
        return parts.joined(separator: "  ")
    }
}
