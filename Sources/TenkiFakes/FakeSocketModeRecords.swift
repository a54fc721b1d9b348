import Foundation

extension FakeSocketModeServer {
    /// One acknowledgement as it arrived: `{"envelope_id": ..., "payload": ...}`.
    public struct Acknowledgement: Sendable, Equatable {
        public var envelopeID: String
        /// The `payload` object's JSON (sorted keys), nil when the acknowledgement had none.
        public var payloadJSON: String?
        /// The connection it came on.
        public var connection: Int
        public var receivedAt: Date
        /// When the envelope it answers was sent (its latest send, for a retried one); nil for an unknown id.
        public var envelopeSentAt: Date?

        /// From sending the envelope to reading its acknowledgement, by the fake's clock.
        public var latency: TimeInterval? { envelopeSentAt.map { receivedAt.timeIntervalSince($0) } }
    }

    /// One envelope as sent.
    public struct SentEnvelope: Sendable, Equatable {
        public var envelopeID: String
        public var kind: FakeSocketModeEnvelope.Kind
        public var retryAttempt: Int
        public var connection: Int
        public var sentAt: Date
    }

    /// Who ended a connection.
    public enum Side: String, Sendable, Equatable {
        /// The client sent the first close frame, or dropped the socket.
        case client
        /// This server sent the first close frame, or dropped the socket.
        case server
    }

    /// One WebSocket connection, from its upgrade to its end. `openedOrder` and `closedOrder` count
    /// opens and closes together, so "B opened before A closed" reads `b.openedOrder < a.closedOrder!`.
    public struct Connection: Sendable, Equatable {
        public var id: Int
        public var openedAt: Date
        public var openedOrder: Int
        public var closedAt: Date?
        public var closedOrder: Int?
        public var closedBy: Side?
        /// The code of the first close frame (nil: none, the socket just ended).
        public var closeCode: UInt16?
        /// The reason of the `disconnect` message sent on it, if any.
        public var disconnectReason: String?
        /// While true the server answers no ping on it (Slack gone silent).
        public var isSilent = false

        public var isOpen: Bool { closedAt == nil }
    }
}

/// What the fake Socket Mode server refuses to do.
public enum FakeSocketModeError: Error, Equatable, CustomStringConvertible {
    /// No open connection to send on (or not the one asked for).
    case noOpenConnection(Int?)
    /// `start()` could not listen on loopback.
    case listen(String)

    public var description: String {
        switch self {
        case .noOpenConnection(nil): "no Socket Mode connection is open: start tenki serve with a Slack app token (xapp-…) first"
        case .noOpenConnection(let id?): "Socket Mode connection \(id) is not open"
        case .listen(let reason): "the fake Socket Mode server cannot listen on 127.0.0.1: \(reason)"
        }
    }
}
