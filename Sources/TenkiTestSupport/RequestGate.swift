import Synchronization
import TenkiFakes

/// Counts the requests a fake upstream is answering and, while closed, holds them before they are
/// answered. Tests use it to observe concurrency without sleeping: close the gate, start the work,
/// `waitUntilInFlight(atLeast:)`, assert, `open()`.
///
/// Copies of a fake share one gate (it is a class), like they share their call log.
public final class RequestGate: FakeRequestObserver {
    private struct State {
        var isOpen = true
        var held: [CheckedContinuation<Void, Never>] = []
        var inFlight = 0
        var maxInFlight = 0
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Requests that have arrived and are not yet answered (held ones included).
    public var inFlight: Int { state.withLock { $0.inFlight } }

    /// The most requests that were in flight at the same moment since the gate was made.
    public var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    /// From now on, arriving requests wait until `open()`.
    public func close() { state.withLock { $0.isOpen = false } }

    /// Lets every held request (and every later one) through.
    public func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held.removeAll() }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Lets the requests held now through and keeps holding later ones: a test can then hold
    /// the next stage of a flow (the weather call after the geocoding call) without a race.
    public func releaseHeld() {
        let held = state.withLock { state in
            defer { state.held.removeAll() }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Returns once at least `count` requests are in flight at the same time.
    public func waitUntilInFlight(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.inFlight >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Called by a fake when a request arrives; suspends while the gate is closed.
    public func enter() async {
        let (isOpen, woken) = state.withLock { state in
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            let inFlight = state.inFlight
            let woken = state.watchers.filter { $0.count <= inFlight }.map(\.continuation)
            state.watchers.removeAll { $0.count <= inFlight }
            return (state.isOpen, woken)
        }
        for continuation in woken { continuation.resume() }
        guard !isOpen else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let openedMeanwhile = state.withLock { state in
                if state.isOpen { return true }
                state.held.append(continuation)
                return false
            }
            if openedMeanwhile { continuation.resume() }
        }
    }

    /// Called by a fake when a request has been answered.
    public func leave() {
        state.withLock { $0.inFlight -= 1 }
    }
}

extension FakeOpenWeatherMap {
    /// The gate observing this fake's requests, installed on first use (copies share it).
    public var gate: RequestGate {
        if let gate = requestObserver as? RequestGate { return gate }
        let gate = RequestGate()
        requestObserver = gate
        return gate
    }
}
