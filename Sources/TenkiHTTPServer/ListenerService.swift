import TenkiBase

/// A started `HTTPServer` as a service of the process. The server answers on its own loop threads
/// from `start` on, so `run` only waits for the stop. `drain` answers on for `delay` (a load
/// balancer sees `/healthz` say 503 and stops sending), then stops accepting and lets requests in
/// progress finish within `gracePeriod` (`HTTPServer.shutdown`).
public struct ListenerService: Service {
    public let server: HTTPServer
    public var delay: Duration
    public var gracePeriod: Duration

    public init(_ server: HTTPServer, delay: Duration = .zero, gracePeriod: Duration) {
        self.server = server
        self.delay = delay
        self.gracePeriod = gracePeriod
    }

    public func run() async {
        await untilCancelled()
    }

    public func drain() async {
        if delay > .zero { try? await Task.sleep(for: delay) }
        await server.shutdown(gracePeriod: gracePeriod)
    }
}
