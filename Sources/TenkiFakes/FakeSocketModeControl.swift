import Foundation
import TenkiHTTPServer

/// The control API of the fake Socket Mode server, served by `FakeUpstreams` under `/socket-mode/`
/// (loopback only, like every fake) for process tests and bench scripts:
///
/// | request | does |
/// |---|---|
/// | `POST /socket-mode/envelopes` | sends envelopes (body below); 200 `{"sent": [{"envelope_id", "connection"}]}`, 409 with no open connection |
/// | `POST /socket-mode/disconnect` | `{"reason"?: "refresh_requested", "connection"?: N}`: Slack's `disconnect` message |
/// | `POST /socket-mode/close` | `{"code"?: 1000, "reason"?: "", "connection"?: N}`: a close frame |
/// | `POST /socket-mode/silence` | `{"silent"?: true, "connection"?: N}`: pings go unanswered (or are answered again) |
/// | `GET /socket-mode/connections` | every connection: id, opened and closed times and order, who closed, code, disconnect reason |
/// | `GET /socket-mode/acknowledgements` | every acknowledgement (`?since=N`: after the first N): envelope_id, payload, connection, times, latency_ms |
/// | `GET /socket-mode/envelopes` | every envelope sent: envelope_id, type, retry_attempt, connection, sent_at |
///
/// An envelope body is `{"type", "envelope_id"?, "retry_attempt"?, "connection"?, "count"?, ...}` with
/// `type` one of `slash_commands`, `interactive`, `events_api`, and either `"payload": {...}` as Slack
/// would send it, or the short forms `"command"` and `"text"` (slash_commands) or `"action_id"` and
/// `"value"` (interactive), with `"response_url"` (default: this origin's `/services/response_url/ID`,
/// listed at `/webhooks/posts`). `count` N > 1 sends N envelopes, `ID-1` … `ID-N`, at once.
public struct FakeSocketModeControl: AsyncHTTPHandler {
    public let server: FakeSocketModeServer

    public init(server: FakeSocketModeServer) {
        self.server = server
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let action = String(request.path.dropFirst("/socket-mode/".count))
        switch (request.method, action) {
        case ("GET", "connections"): return .json(.ok, Self.encode(["connections": server.connections.map(Self.object)]))
        case ("GET", "acknowledgements"):
            let since = RecordedCall(request).query("since").flatMap(Int.init) ?? 0
            let acknowledgements = server.acknowledgements.dropFirst(max(0, since))
            return .json(.ok, Self.encode(["acknowledgements": acknowledgements.map(Self.object)]))
        case ("GET", "envelopes"): return .json(.ok, Self.encode(["envelopes": server.sentEnvelopes.map(Self.object)]))
        case ("POST", "envelopes"), ("POST", "disconnect"), ("POST", "close"), ("POST", "silence"): break
        case (_, "connections"), (_, "acknowledgements"), (_, "envelopes"), (_, "disconnect"), (_, "close"), (_, "silence"):
            return .text(
                .methodNotAllowed, "method_not_allowed\n", headers: ["Allow": action == "envelopes" ? "GET, POST" : "POST"])
        default:
            return .text(
                .notFound,
                "the Socket Mode control API has envelopes, disconnect, close, silence, connections, acknowledgements\n")
        }
        let body = request.body.isEmpty ? Data("{}".utf8) : Data(request.body)
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            return .text(.badRequest, "the body must be a JSON object\n")
        }
        let connection = object["connection"] as? Int
        do {
            switch action {
            case "envelopes":
                return try sendEnvelopes(object, connection: connection, host: request.headers["Host"] ?? "127.0.0.1")
            case "disconnect":
                try server.sendDisconnect(reason: object["reason"] as? String ?? "refresh_requested", on: connection)
            case "close":
                let code = object["code"] as? Int ?? 1000
                guard (1000...4999).contains(code) else { return .text(.badRequest, "code must be a close code, 1000 to 4999\n") }
                try server.close(connection, code: UInt16(code), reason: object["reason"] as? String ?? "")
            default:
                try server.setSilent(object["silent"] as? Bool ?? true, on: connection)
            }
        } catch {
            return .json(HTTPStatus(code: 409, reason: "Conflict"), Self.encode(["ok": false, "error": error.description]))
        }
        return .json(.ok, Self.encode(["ok": true]))
    }

    private func sendEnvelopes(
        _ object: [String: Any], connection: Int?, host: String
    ) throws(FakeSocketModeError) -> HTTPResponse {
        let count = object["count"] as? Int ?? 1
        guard (1...100_000).contains(count) else { return .text(.badRequest, "count must be from 1 to 100000\n") }
        let baseID = object["envelope_id"] as? String ?? "env-\(UUID().uuidString.prefix(8).lowercased())"
        var sent: [[String: Any]] = []
        for index in 1...count {
            let id = count == 1 ? baseID : "\(baseID)-\(index)"
            let envelope: FakeSocketModeEnvelope
            switch Self.envelope(object, id: id, host: host) {
            case .failure(let error): return .text(.badRequest, error.reason + "\n")
            case .success(let built): envelope = built
            }
            sent.append(["envelope_id": id, "connection": try server.send(envelope, on: connection)])
        }
        return .json(.ok, Self.encode(["ok": true, "sent": sent]))
    }

    /// The envelope `object` describes, or why it describes none.
    static func envelope(_ object: [String: Any], id: String, host: String) -> Result<FakeSocketModeEnvelope, ControlError> {
        let typeName = object["type"] as? String ?? ""
        guard let kind = FakeSocketModeEnvelope.Kind(rawValue: typeName) else {
            return .failure(ControlError("type must be slash_commands, interactive or events_api (got \"\(typeName)\")"))
        }
        let retry = object["retry_attempt"] as? Int ?? 0
        let responseURL = object["response_url"] as? String ?? "http://\(host)/services/response_url/\(id)"
        if let payload = object["payload"] {
            guard payload is [String: Any],
                let data = try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
            else {
                return .failure(ControlError("payload must be a JSON object"))
            }
            let json = String(decoding: data, as: UTF8.self)
            return .success(FakeSocketModeEnvelope(envelopeID: id, kind: kind, payloadJSON: json, retryAttempt: retry))
        }
        switch kind {
        case .slashCommands:
            guard let command = object["command"] as? String else {
                return .failure(ControlError("give payload, or command and text"))
            }
            return .success(
                .slashCommand(
                    envelopeID: id, command: command, text: object["text"] as? String ?? "", responseURL: responseURL,
                    retryAttempt: retry))
        case .interactive:
            guard let action = object["action_id"] as? String, let value = object["value"] as? String else {
                return .failure(ControlError("give payload, or action_id and value"))
            }
            return .success(
                .buttonPress(envelopeID: id, actionID: action, value: value, responseURL: responseURL, retryAttempt: retry))
        case .eventsAPI:
            return .failure(ControlError("an events_api envelope needs its payload"))
        }
    }

    struct ControlError: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
