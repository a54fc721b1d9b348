/// The services of one process as children of one task group (swift-service-lifecycle's
/// `ServiceGroup` is the model): nothing long-running is left to a detached task.
///
/// `run(while:)` starts every member, runs `body` beside them and, when `body` returns, stops them
/// one at a time in the reverse of their order: the last member is cancelled first, and each member
/// before it only once the one after it has returned from `run` and from `drain`. The list is
/// therefore the drain read backwards: put first what the others feed (the delivery queue), last
/// what feeds them (the listeners).
///
/// A member whose `run` ends early (or throws: `failed` is told) keeps its place, and its `drain`
/// still runs in turn. Cancelling the task that runs the group cancels every member at once: that
/// is the hard stop, with no ordered drain.
public struct ServiceGroup: Sendable {
    public struct Member: Sendable {
        public var name: String
        public var service: any Service

        public init(_ name: String, _ service: any Service) {
            self.name = name
            self.service = service
        }
    }

    public let members: [Member]
    private let failed: @Sendable (_ name: String, _ error: any Error) -> Void

    /// - Parameter failed: told when a member's `run` throws (the others go on).
    public init(_ members: [Member], failed: @escaping @Sendable (_ name: String, _ error: any Error) -> Void = { _, _ in }) {
        self.members = members
        self.failed = failed
    }

    /// Runs the members beside `body`, then stops them in order; returns `body`'s result once the
    /// last member has drained.
    public func run<Result>(while body: () async -> Result) async -> Result {
        let stops = members.map { _ in AsyncSignal() }
        return await withTaskGroup(of: Int.self, returning: Result.self) { group in
            for (index, member) in members.enumerated() {
                let (stop, failed) = (stops[index], failed)
                group.addTask {
                    await Self.run(member, until: stop, failed: failed)
                    return index
                }
            }
            let result = await body()
            var stopped = Set<Int>()
            for index in members.indices.reversed() {
                stops[index].signal()
                while !stopped.contains(index), let next = await group.next() { stopped.insert(next) }
            }
            return result
        }
    }

    /// One member's child task: its `run` in a task of its own, cancelled when `stop` is signalled;
    /// then its `drain`, in this task, which the stop does not cancel.
    private static func run(
        _ member: Member, until stop: AsyncSignal, failed: @escaping @Sendable (String, any Error) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { running in
            running.addTask {
                do {
                    try await member.service.run()
                } catch {
                    failed(member.name, error)
                }
            }
            await stop.wait()
            running.cancelAll()
        }
        await member.service.drain()
    }
}
