import Synchronization
import TenkiBase

@testable import TenkiApp

/// What happened, in order, across the in-memory connections and the connector of one test, with
/// a signal for tests that wait for a step (no sleeps, no timed waits).
final class SocketTimeline: Sendable {
    private let events = Mutex<[String]>([])
    let changed = AsyncSignal()

    func record(_ event: String) {
        events.withLock { $0.append(event) }
        changed.signal()
    }

    var all: [String] { events.withLock { $0 } }

    func index(of event: String) -> Int? { all.firstIndex(of: event) }

    /// Returns once `condition` holds (checked after every recorded event).
    func wait(until condition: () -> Bool) async {
        while true {
            let generation = changed.generation
            if condition() { return }
            await changed.wait(after: generation)
            if Task.isCancelled { return }
        }
    }
}

/// Slack's end of one Socket Mode connection, in memory: the test delivers messages, closes or
/// drops it; what Tenki sends and when it sent its close frame are recorded on the timeline.
final class InMemorySocketConnection: SocketModeConnection {
    private struct State {
        var inbox: [String] = []
        var receiver: CheckedContinuation<Result<String, SocketModeConnectionError>, Never>?
        var sent: [String] = []
        var closeSent = false
        var ended: String?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let name: String
    let timeline: SocketTimeline
    private let state = Mutex(State())

    init(_ name: String, timeline: SocketTimeline) {
        self.name = name
        self.timeline = timeline
    }

    var sent: [String] { state.withLock { $0.sent } }
    var closeSent: Bool { state.withLock { $0.closeSent } }

    /// Slack sends `text`.
    func deliver(_ text: String) {
        let receiver: CheckedContinuation<Result<String, SocketModeConnectionError>, Never>? = state.withLock { state in
            guard let receiver = state.receiver.take() else {
                state.inbox.append(text)
                return nil
            }
            return receiver
        }
        receiver?.resume(returning: .success(text))
    }

    /// Slack's close frame (or a drop): the connection ends.
    func end(_ reason: String = "closed with 1000") {
        let (receiver, waiters) = state.withLock { state in
            if state.ended == nil { state.ended = reason }
            defer { state.closeWaiters = [] }
            return (state.receiver.take(), state.closeWaiters)
        }
        timeline.record("ended \(name)")
        receiver?.resume(returning: .failure(.ended(reason)))
        for waiter in waiters { waiter.resume() }
    }

    func sendText(_ text: String) async throws(SocketModeConnectionError) {
        let refused: Bool = state.withLock { state in
            guard !state.closeSent, state.ended == nil else { return true }
            state.sent.append(text)
            return false
        }
        if refused { throw .ended("closing") }
        timeline.record("sent \(name) \(text)")
    }

    func receiveText() async throws(SocketModeConnectionError) -> String {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<String, SocketModeConnectionError>, Never>) in
                let now: Result<String, SocketModeConnectionError>? = state.withLock { state in
                    if !state.inbox.isEmpty { return .success(state.inbox.removeFirst()) }
                    if let ended = state.ended { return .failure(.ended(ended)) }
                    if Task.isCancelled { return .failure(.cancelled) }
                    state.receiver = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            state.withLock { $0.receiver.take() }?.resume(returning: .failure(.cancelled))
        }
        return try result.get()
    }

    func close() async {
        let first = state.withLock { state in
            defer { state.closeSent = true }
            return !state.closeSent
        }
        if first { timeline.record("close sent \(name)") }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state in
                if state.ended != nil { return true }
                state.closeWaiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }

    func abort() { end("aborted") }
}

/// `apps.connections.open` and the WebSocket, scripted: each `connect` takes the next result; once
/// the script is spent, it waits until cancelled.
final class ScriptedConnector: SocketModeConnector {
    enum Step: Sendable {
        case open(InMemorySocketConnection)
        case fail(SocketModeConnectFailure)
    }

    private let steps: Mutex<[Step]>
    let timeline: SocketTimeline

    init(_ steps: [Step], timeline: SocketTimeline) {
        self.steps = Mutex(steps)
        self.timeline = timeline
    }

    func connect() async throws(SocketModeConnectFailure) -> any SocketModeConnection {
        let step: Step? = steps.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        switch step {
        case .open(let connection)?:
            timeline.record("opened \(connection.name)")
            return connection
        case .fail(let failure)?:
            timeline.record("failed \(failure)")
            throw failure
        case nil:
            timeline.record("connect waits")
            await untilCancelled()
            throw .webSocket("cancelled")
        }
    }
}
