import Foundation
import Synchronization
import TenkiWebSocket

/// A stand-in for Slack's Socket Mode endpoint: a `ws://` server on 127.0.0.1 (the contract allows
/// `ws://` for loopback hosts) that accepts a connection for each ticket that `connectionURL()`
/// issued (`FakeSlackWebAPI`'s `apps.connections.open` hands them out), says `hello`, sends
/// envelopes when asked, records every acknowledgement, and can send `disconnect`, a close frame or
/// stop answering pings. Frames go through TenkiWebSocket's codec (`WebSocketFrameParser(role: .server)`,
/// `WebSocketFrameEncoder` without a mask). One thread per connection, blocking reads: a test tool, not a server.
///
/// ```swift
/// let socket = FakeSocketModeServer()
/// try socket.start()
/// let url = socket.connectionURL()!  // what apps.connections.open answers
/// try socket.send(.slashCommand(envelopeID: "e1", command: "/weather", text: "Danang", responseURL: hook))
/// socket.acknowledgements  // [Acknowledgement(envelopeID: "e1", payloadJSON: "{\"blocks\":…", …)]
/// ```
public final class FakeSocketModeServer: Sendable {
    public static let defaultAppID = "A0TENKI"

    struct State {
        var port: Int?
        var listener: FakeSocketModeListener?
        var stopped = false
        var tickets: Set<String> = []
        var ticketCount = 0
        var connections: [Connection] = []
        var links: [Int: FakeSocketModeLink] = [:]
        var order = 0
        var roundRobin = 0
        var sent: [SentEnvelope] = []
        var lastSentAt: [String: Date] = [:]
        var acknowledgements: [Acknowledgement] = []
        /// Text messages that were not acknowledgements.
        var unexpected: [String] = []
    }

    public let appID: String
    let now: @Sendable () -> Date
    let state = Mutex(State())

    /// - Parameter now: the clock of every recorded time (a test's manual clock).
    public init(appID: String = FakeSocketModeServer.defaultAppID, now: @escaping @Sendable () -> Date = { Date() }) {
        self.appID = appID
        self.now = now
    }

    /// Listens on 127.0.0.1 (`port` 0: any free port) and returns the port; a second call returns the same port.
    @discardableResult
    public func start(port: Int = 0) throws(FakeSocketModeError) -> Int {
        // Under the lock: two connections asking apps.connections.open at once must not make two listeners.
        try state.withLock { state throws(FakeSocketModeError) -> Int in
            if let port = state.port { return port }
            let listener = try FakeSocketModeListener(port: port)
            state.listener = listener
            state.port = listener.port
            listener.run { [self] descriptor in FakeSocketModeLink.serve(descriptor, server: self) }
            return listener.port
        }
    }

    /// Stops listening and drops every connection without a close frame.
    public func stop() {
        let (listener, links) = state.withLock { state in
            state.stopped = true
            return (state.listener, Array(state.links.values))
        }
        listener?.stop()
        for link in links { link.drop() }
    }

    /// A fresh `ws://` URL with a one-time ticket, as `apps.connections.open` answers; nil before `start()`.
    public func connectionURL() -> String? {
        state.withLock { state in
            guard let port = state.port, !state.stopped else { return nil }
            state.ticketCount += 1
            let ticket = "ticket-\(state.ticketCount)-\(UUID().uuidString.prefix(8).lowercased())"
            state.tickets.insert(ticket)
            return "ws://127.0.0.1:\(port)/link/?ticket=\(ticket)&app_id=\(appID)"
        }
    }

    /// Sends `envelope` on connection `id`, or (nil) on the open connections in turn, preferring those
    /// not told to disconnect and skipping those closing, as Slack does; returns the connection used.
    @discardableResult
    public func send(_ envelope: FakeSocketModeEnvelope, on id: Int? = nil) throws(FakeSocketModeError) -> Int {
        // A connection may start closing between the pick and the write: then the next one is tried.
        while true {
            let sentAt = now()
            let link = try state.withLock { state throws(FakeSocketModeError) -> FakeSocketModeLink in
                let link = try Self.pick(id, in: &state)
                state.lastSentAt[envelope.envelopeID] = sentAt
                return link
            }
            guard link.sendText(envelope.json) else {
                if id != nil { throw .noOpenConnection(id) }
                continue
            }
            state.withLock { state in
                state.sent.append(
                    SentEnvelope(
                        envelopeID: envelope.envelopeID, kind: envelope.kind, retryAttempt: envelope.retryAttempt,
                        connection: link.id, sentAt: sentAt))
            }
            return link.id
        }
    }

    /// Sends `{"type": "disconnect", "reason": reason}` on connection `id` (nil: every open connection);
    /// the connection stays open until the client closes it or `close(_:code:)`.
    public func sendDisconnect(reason: String = "refresh_requested", on id: Int? = nil) throws(FakeSocketModeError) {
        let links = try openLinks(id)
        state.withLock { state in
            for link in links { state.update(link.id) { $0.disconnectReason = reason } }
        }
        let message =
            "{\"type\":\"disconnect\",\"reason\":\(FakeSocketModeEnvelope.quoted(reason)),\"debug_info\":{\"host\":\"applink-fake\"}}"
        for link in links { link.sendText(message) }
    }

    /// Starts the closing handshake on connection `id` (nil: every open connection).
    public func close(_ id: Int? = nil, code: UInt16 = 1000, reason: String = "") throws(FakeSocketModeError) {
        for link in try openLinks(id) { link.sendClose(WebSocketClose(code: WebSocketCloseCode(code), reason: reason)) }
    }

    /// Stops (or resumes) answering pings on connection `id` (nil: every open connection), so the client's keep-alive sees silence.
    public func setSilent(_ silent: Bool, on id: Int? = nil) throws(FakeSocketModeError) {
        let links = try openLinks(id)
        state.withLock { state in
            for link in links { state.update(link.id) { $0.isSilent = silent } }
        }
    }

    public var port: Int? { state.withLock { $0.port } }
    /// Every acknowledgement, in arrival order (duplicates included).
    public var acknowledgements: [Acknowledgement] { state.withLock { $0.acknowledgements } }
    /// Every envelope sent, in order.
    public var sentEnvelopes: [SentEnvelope] { state.withLock { $0.sent } }
    /// Every connection since `start()`, in the order they opened.
    public var connections: [Connection] { state.withLock { $0.connections } }
    public var openConnections: [Connection] { connections.filter(\.isOpen) }
    /// Text messages from clients that were not acknowledgements.
    public var unexpectedMessages: [String] { state.withLock { $0.unexpected } }

    private func openLinks(_ id: Int?) throws(FakeSocketModeError) -> [FakeSocketModeLink] {
        let links = state.withLock { state in
            state.connections.filter { $0.isOpen && (id == nil || $0.id == id) }.compactMap { state.links[$0.id] }
        }
        if links.isEmpty { throw .noOpenConnection(id) }
        return links
    }

    private static func pick(_ id: Int?, in state: inout State) throws(FakeSocketModeError) -> FakeSocketModeLink {
        let open = state.connections.filter { $0.isOpen && state.links[$0.id]?.isClosing == false }
        if let id {
            guard open.contains(where: { $0.id == id }), let link = state.links[id] else { throw .noOpenConnection(id) }
            return link
        }
        let fresh = open.filter { $0.disconnectReason == nil }
        let candidates = fresh.isEmpty ? open : fresh
        guard !candidates.isEmpty else { throw .noOpenConnection(nil) }
        state.roundRobin += 1
        let chosen = candidates[state.roundRobin % candidates.count]
        guard let link = state.links[chosen.id] else { throw .noOpenConnection(nil) }
        return link
    }
}

extension FakeSocketModeServer.State {
    mutating func update(_ id: Int, _ change: (inout FakeSocketModeServer.Connection) -> Void) {
        guard let index = connections.firstIndex(where: { $0.id == id }) else { return }
        change(&connections[index])
    }
}
