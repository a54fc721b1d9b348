import Foundation
import TenkiSlackAPI
import TenkiWebSocket

/// One Socket Mode connection as `SocketModeService` uses it: text in, text out, a closing
/// handshake. `WebSocketConnection` is the real one; the unit tests drive the service with one in memory.
protocol SocketModeConnection: AnyObject, Sendable {
    /// Sends one text message; throws once the connection is closing or ended.
    func sendText(_ text: String) async throws(SocketModeConnectionError)
    /// The next text message (binary ones are skipped). A cancelled wait throws `.cancelled` and
    /// leaves the connection open; once it has ended, throws `.ended` with the reason.
    func receiveText() async throws(SocketModeConnectionError) -> String
    /// Sends a close frame (1000) and returns once the peer's close frame arrived, or its wait
    /// timed out; what arrives meanwhile is still delivered by `receiveText`.
    func close() async
    /// Drops the connection at once.
    func abort()
}

enum SocketModeConnectionError: Error, Sendable, Equatable {
    case cancelled
    /// The peer closed it, or it dropped: why, for the log (never the URL).
    case ended(String)
}

/// Opens one new connection: `apps.connections.open`, then the WebSocket to the URL it returned.
protocol SocketModeConnector: Sendable {
    func connect() async throws(SocketModeConnectFailure) -> any SocketModeConnection
}

/// Why no connection was opened.
enum SocketModeConnectFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case open(AppsConnectionsOpenError)
    /// The WebSocket to the returned URL failed (its host is named, never its ticket).
    case webSocket(String)

    var description: String {
        switch self {
        case .open(let error): error.description
        case .webSocket(let reason): "the Socket Mode WebSocket could not be opened: \(reason)"
        }
    }
}

/// The real connector: Slack's Web API, then Tenki's own WebSocket client.
struct SlackSocketModeConnector: SocketModeConnector {
    let client: SlackAppsConnectionsClient
    var configuration = WebSocketConfiguration()

    func connect() async throws(SocketModeConnectFailure) -> any SocketModeConnection {
        let text: String
        do {
            text = try await client.open()
        } catch {
            throw .open(error)
        }
        do {
            let url = try WebSocketURL(text)
            return try await WebSocketConnection.open(url, configuration: configuration)
        } catch {
            throw .webSocket(Self.withoutTicket(error.description))
        }
    }

    /// An error's text without the URL's query (Slack's single-use ticket).
    static func withoutTicket(_ text: String) -> String {
        guard let mark = text.firstIndex(of: "?") else { return text }
        let end = text[mark...].firstIndex(where: { $0 == " " || $0 == ")" || $0 == "," }) ?? text.endIndex
        return String(text[..<mark]) + "?…" + String(text[end...])
    }
}

extension WebSocketConnection: SocketModeConnection {
    func sendText(_ text: String) async throws(SocketModeConnectionError) {
        do {
            try await send(.text(text))
        } catch {
            throw Self.socketModeError(error)
        }
    }

    func receiveText() async throws(SocketModeConnectionError) -> String {
        while true {
            do {
                if case .text(let text) = try await receive() { return text }
            } catch {
                throw Self.socketModeError(error)
            }
        }
    }

    func close() async {
        do {
            try await close(code: .normalClosure, reason: "")
        } catch {
            abort()
        }
    }

    private static func socketModeError(_ error: WebSocketError) -> SocketModeConnectionError {
        if case .cancelled = error { return .cancelled }
        return .ended(error.description)
    }
}
