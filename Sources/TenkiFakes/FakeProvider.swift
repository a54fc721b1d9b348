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

    /// The observer told about every request from now on (nil: none), shared by copies of the fake.
    public var requestObserver: (any FakeRequestObserver)? {
        get { providerState.withLock { $0.observer } }
        nonmutating set { providerState.withLock { $0.observer = newValue } }
    }

    /// Tells the observer, if any, that a request arrived; it may hold the request here.
    func enterObserver() async -> (any FakeRequestObserver)? {
        let observer = requestObserver
        await observer?.enter()
        return observer
    }

    /// Waits the configured latency, if any, before an answer.
    func waitLatency(_ latency: Duration) async {
        if latency > .zero { try? await Task.sleep(for: latency) }
    }

    /// Logs `request` as a call, waits the configured latency and returns the call with the
    /// failure to answer it with, if any.
    func receive(_ request: HTTPRequest) async -> (call: Call, failure: HTTPStatus?) {
        let call = Call(request)
        let (latency, failure) = providerState.withLock { state -> (Duration, HTTPStatus?) in
            state.calls.append(call)
            return (state.latency, state.failure)
        }
        await waitLatency(latency)
        return (call, failure)
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
        var observer: (any FakeRequestObserver)?
        /// Every forecast step's chance of precipitation, when a test sets one (`setPrecipitationChance`).
        var precipitationChance: Double?
    }

    private let contents: Mutex<Contents>

    init(latency: Duration, failure: HTTPStatus?) {
        contents = Mutex(Contents(latency: latency, failure: failure))
    }

    func withLock<T>(_ body: (inout Contents) -> T) -> T {
        contents.withLock { body(&$0) }
    }
}

/// Told by a fake upstream when a request arrives, before it is answered (it may suspend there to
/// hold the request), and when it has been answered. Tests install one to count and hold upstream
/// requests without sleeping; nothing in the shipped binary does.
public protocol FakeRequestObserver: AnyObject, Sendable {
    func enter() async
    func leave()
}
