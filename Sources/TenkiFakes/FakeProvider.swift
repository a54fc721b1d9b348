import Synchronization
import TenkiHTTPClient
import TenkiHTTPServer

/// What the fake providers (`FakeNewsAPI`, `FakeOpenWeatherMap`) share: a call log and the latency
/// and failure they answer with, kept in one `FakeProviderState` that copies of a fake share.
public protocol FakeProvider: Sendable {
    /// The settings and call log, shared by copies of this fake.
    var providerState: FakeProviderState { get }
}

extension FakeProvider {
    /// One request as the fake received it.
    public typealias Call = RecordedCall
    public typealias QueryItem = RecordedCall.QueryItem

    /// Every request received so far, oldest first.
    public var calls: [RecordedCall] { providerState.withLock { $0.calls } }

    public func removeAllCalls() { providerState.withLock { $0.calls.removeAll() } }

    /// Changes the failure answered from now on (nil: behave normally).
    public func setFailure(_ failure: HTTPStatus?) { providerState.withLock { $0.failure = failure } }

    public func setLatency(_ latency: Duration) { providerState.withLock { $0.latency = latency } }

    /// Waits the configured latency, if any, before an answer.
    func waitLatency(_ latency: Duration) async {
        if latency > .zero { try? await Task.sleep(for: latency) }
    }

    /// A JSON answer with `body` as sent.
    static func json(_ status: HTTPStatus, _ body: String) -> HTTPResponse {
        HTTPResponse.json(status, Array(body.utf8))
    }
}

/// A fake provider's mutable settings and call log, shared by copies of the fake so a test can
/// keep one copy and hand another to a transport or server.
public final class FakeProviderState: Sendable {
    struct Contents {
        var calls: [RecordedCall] = []
        var latency: Duration
        var failure: HTTPStatus?
    }

    private let contents: Mutex<Contents>

    init(latency: Duration, failure: HTTPStatus?) {
        contents = Mutex(Contents(latency: latency, failure: failure))
    }

    func withLock<T>(_ body: (inout Contents) -> T) -> T {
        contents.withLock { body(&$0) }
    }
}
