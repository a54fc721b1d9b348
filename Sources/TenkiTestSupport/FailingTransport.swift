import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// A transport that always fails with one error: a timeout, a refused connection, a broken reply.
public struct FailingTransport: HTTPTransport {
    public let error: TransportError

    public init(error: TransportError) {
        self.error = error
    }

    public func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        throw error
    }
}
