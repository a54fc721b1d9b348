import Synchronization
import Testing

@testable import TenkiBase

/// The drain order of the one task group: spies record what each service does when it is stopped,
/// and the tests read the record. No timing: each step waits for the one it depends on.
@Suite("ServiceGroup: services stop one at a time, in the reverse of their order")
struct ServiceGroupTests {
    /// What the spies did, in the order they did it.
    final class Record: Sendable {
        private let lines = Mutex<[String]>([])

        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Runs until cancelled (or ends at once when `endsEarly`), then drains; says so in the record.
    struct Spy: Service {
        let name: String
        let record: Record
        var endsEarly = false
        var throwsError = false
        /// Signalled once `run` is waiting for the stop, or has ended on its own.
        let started = AsyncSignal()

        struct Failure: Error {}

        func run() async throws {
            if throwsError {
                record.append("\(name) failed")
                started.signal()
                throw Failure()
            }
            if endsEarly {
                record.append("\(name) ended")
                started.signal()
                return
            }
            started.signal()
            await untilCancelled()
            record.append("\(name) stopped")
        }

        func drain() async {
            record.append("\(name) drained")
        }
    }

    @Test("the last service is stopped and drained first; each earlier one only after the later one drained")
    func reverseOrder() async {
        let record = Record()
        let spies = ["queue", "scheduler", "listener"].map { Spy(name: $0, record: record) }
        let group = ServiceGroup(spies.map { ServiceGroup.Member($0.name, $0) })
        let answer = await group.run {
            for spy in spies { await spy.started.wait() }
            record.append("terminated")
            return 42
        }
        #expect(answer == 42)
        #expect(
            record.all == [
                "terminated", "listener stopped", "listener drained", "scheduler stopped", "scheduler drained", "queue stopped",
                "queue drained",
            ])
    }

    @Test("a service whose run ends early, or throws, keeps its place in the drain; the others run on")
    func endsEarly() async {
        let record = Record()
        let failures = Record()
        let queue = Spy(name: "queue", record: record)
        let broken = Spy(name: "broken", record: record, throwsError: true)
        let once = Spy(name: "once", record: record, endsEarly: true)
        let listener = Spy(name: "listener", record: record)
        let group = ServiceGroup(
            [.init("queue", queue), .init("broken", broken), .init("once", once), .init("listener", listener)],
            failed: { name, _ in failures.append(name) })
        await group.run {
            for spy in [queue, broken, once, listener] { await spy.started.wait() }
            record.append("terminated")
        }
        let lines = record.all
        #expect(failures.all == ["broken"])
        #expect(
            lines.firstIndex(of: "terminated").map { lines[$0...] } == [
                "terminated", "listener stopped", "listener drained", "once drained", "broken drained", "queue stopped",
                "queue drained",
            ])
        #expect(Set(lines.prefix(2)) == ["broken failed", "once ended"])
    }

    @Test("a drain step runs nothing until the stop, then its step in turn")
    func drainStep() async {
        let record = Record()
        let queue = Spy(name: "queue", record: record)
        let listener = Spy(name: "listener", record: record)
        let group = ServiceGroup([
            .init("queue", queue), .init("release", DrainStep { record.append("released") }), .init("listener", listener),
        ])
        await group.run {
            await queue.started.wait()
            await listener.started.wait()
            record.append("terminated")
        }
        #expect(
            record.all == ["terminated", "listener stopped", "listener drained", "released", "queue stopped", "queue drained"])
    }

    @Test("an empty group returns the body's result")
    func empty() async {
        #expect(await ServiceGroup([]).run { "done" } == "done")
    }
}
