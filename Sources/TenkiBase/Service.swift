/// Something long-running that a process owns: the HTTP listeners, the delivery queue, the digest
/// scheduler, the takeover of abandoned work. A `ServiceGroup` runs each as a child of one task
/// group and stops them in order.
///
/// `run()` does the service's work until its task is cancelled, then returns. `drain()` follows,
/// once, in a task that is not cancelled (unless the whole group was), so it may wait within the
/// service's own bounds: finish requests in progress, hand back what it still holds.
public protocol Service: Sendable {
    /// Runs until the task is cancelled (or the work ends on its own), then returns.
    func run() async throws
    /// Finishes or hands off what the service still owns; called once after `run` returned.
    func drain() async
}

extension Service {
    /// Most services leave nothing behind once `run` returns.
    public func drain() async {}
}

/// A service that only has a drain step: `run` waits for the stop, `drain` does the work (the
/// late answers still being looked up, the leases this process still holds).
public struct DrainStep: Service {
    let step: @Sendable () async -> Void

    public init(_ step: @escaping @Sendable () async -> Void) {
        self.step = step
    }

    public func run() async {
        await untilCancelled()
    }

    public func drain() async {
        await step()
    }
}

/// Returns when the calling task is cancelled (a signal that is never sent, waited for).
public func untilCancelled() async {
    await AsyncSignal().wait()
}
