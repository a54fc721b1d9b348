import Foundation

/// One message Slack sends over a Socket Mode connection, read strictly: it is untrusted input, so
/// anything that is not one of the shapes below is `.unusable` (logged, acknowledged when it has an
/// `envelope_id`, never a crash).
enum SocketModeMessage: Sendable, Equatable {
    /// The connection is ready (`num_connections`: how many the app has open, when given).
    case hello(connections: Int?)
    /// Slack will close this connection soon: `refresh_requested`, `warning`, `link_disabled`.
    case disconnect(reason: String)
    /// A request to acknowledge by its id, and to run.
    case envelope(SocketModeEnvelope)
    /// Not a message Tenki can use; `envelopeID` when it had a usable one (it is acknowledged).
    case unusable(reason: String, envelopeID: String?)

    /// The longest `envelope_id` accepted (Slack's are UUIDs).
    static let maxEnvelopeIDLength = 128

    /// Reads one text message.
    init(text: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            self = .unusable(reason: "not a JSON object", envelopeID: nil)
            return
        }
        guard let type = object["type"] as? String else {
            self = .unusable(reason: "no type", envelopeID: Self.envelopeID(object["envelope_id"]))
            return
        }
        switch type {
        case "hello":
            self = .hello(connections: object["num_connections"] as? Int)
        case "disconnect":
            self = .disconnect(reason: Self.token(object["reason"]) ?? "unknown")
        default:
            guard let id = Self.envelopeID(object["envelope_id"]) else {
                self = .unusable(reason: "a \(Self.token(type) ?? "message") without a usable envelope_id", envelopeID: nil)
                return
            }
            guard let kind = SocketModeEnvelope.Kind(rawValue: type) else {
                self = .unusable(reason: "unknown type \(Self.token(type) ?? "?")", envelopeID: id)
                return
            }
            guard let payload = object["payload"] as? [String: Any] else {
                self = .unusable(reason: "\(type) without a payload object", envelopeID: id)
                return
            }
            self = .envelope(
                SocketModeEnvelope(
                    id: id, kind: kind, payload: SocketModeEnvelope.Payload(payload),
                    acceptsResponsePayload: object["accepts_response_payload"] as? Bool ?? false,
                    retryAttempt: object["retry_attempt"] as? Int))
        }
    }

    /// An `envelope_id` Tenki will echo: letters, digits and `-_.:` (Slack's are UUIDs), so it
    /// goes into the acknowledgement's JSON as it is; not empty, not too long.
    static func envelopeID(_ value: Any?) -> String? {
        guard let id = value as? String, !id.isEmpty, id.utf8.count <= maxEnvelopeIDLength,
            id.utf8.allSatisfy({ isWordByte($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") })
        else { return nil }
        return id
    }

    /// `A-Z a-z 0-9 _ -`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
            || (0x61...0x7A).contains(byte)
    }

    /// A short code fit for a log line or a metric label (`refresh_requested`), or nil.
    static func token(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty, text.utf8.count <= 40, text.utf8.allSatisfy(isWordByte) else {
            return nil
        }
        return text
    }
}

/// A Socket Mode envelope: `{"envelope_id", "type", "payload", "accepts_response_payload", "retry_attempt", …}`.
struct SocketModeEnvelope: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        /// The payload is a slash command's fields, as in the HTTP form.
        case slashCommands = "slash_commands"
        /// The payload is what `/slack/interactions` gets as its `payload` field.
        case interactive
        /// The payload is what `/slack/events` gets as its body.
        case eventsAPI = "events_api"
    }

    /// The payload as JSON, kept opaque here: the HTTP adapters read it.
    struct Payload: @unchecked Sendable, Equatable {
        /// A JSON object, as `JSONSerialization` read it (immutable after init).
        let object: [String: Any]

        init(_ object: [String: Any]) { self.object = object }

        /// The object as JSON bytes again.
        var json: [UInt8] { Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)) }

        /// The object's top-level strings as form fields: a slash command's fields are all strings
        /// (as in the HTTP form); anything else is not a form field and is left out.
        var formFields: [(String, String)] {
            object.keys.sorted().compactMap { key in (object[key] as? String).map { (key, $0) } }
        }

        /// Equal when both write the same JSON with their keys sorted: `true` stays apart from `1`, and
        /// the order a dictionary happens to keep does not count. (`NSDictionary.isEqual` is no judge on
        /// Linux: it finds `{"a":false}` unequal to itself.)
        static func == (lhs: Payload, rhs: Payload) -> Bool { lhs.canonicalJSON == rhs.canonicalJSON }

        private var canonicalJSON: Data? { try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) }
    }

    var id: String
    var kind: Kind
    var payload: Payload
    var acceptsResponsePayload: Bool
    var retryAttempt: Int?
}
