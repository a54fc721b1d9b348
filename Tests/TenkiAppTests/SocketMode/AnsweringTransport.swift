import Synchronization
import TenkiHTTPClient

/// A transport that answers every request with `answer` and keeps what it was sent: the Web API
/// of the Socket Mode tests, in memory.
final class AnsweringTransport: HTTPTransport {
    private let answer: @Sendable (OutboundRequest) -> OutboundResponse
    private let sent = Mutex<[OutboundRequest]>([])

    init(_ answer: @escaping @Sendable (OutboundRequest) -> OutboundResponse) {
        self.answer = answer
    }

    var requests: [OutboundRequest] { sent.withLock { $0 } }

    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        sent.withLock { $0.append(request) }
        return answer(request)
    }
}
