import TenkiHTTPServer

extension FakeSlackWebAPI {
    /// Makes `apps.connections.open` hand out URLs of `server` (started on the first call if it is not yet).
    public func attach(_ server: FakeSocketModeServer) {
        state.withLock { $0.socketMode = server }
    }

    /// The Socket Mode server `apps.connections.open` hands out, if one is attached.
    public var socketMode: FakeSocketModeServer? { state.withLock { $0.socketMode } }

    /// How many times `apps.connections.open` was called (refused calls too).
    public var connectionOpenCount: Int { calls.filter { $0 == "apps.connections.open" }.count }

    /// `apps.connections.open`: the app-level token in `Authorization`, a fresh one-time URL in `url`.
    /// A bot token is refused as Slack refuses it (`not_allowed_token_type`).
    func openConnection(_ request: HTTPRequest, forced: String?) -> HTTPResponse {
        let authorization = request.headers["Authorization"]
        if authorization == "Bearer \(token)" { return Self.failure("not_allowed_token_type") }
        guard authorization == "Bearer \(appToken)" else { return Self.failure("invalid_auth") }
        if let forced { return Self.failure(forced) }
        guard let server = socketMode else { return Self.failure("socket_mode_not_enabled") }
        do {
            try server.start()
        } catch {
            return Self.failure("internal_error")
        }
        guard let url = server.connectionURL() else { return Self.failure("internal_error") }
        return Self.success(["url": url])
    }
}
