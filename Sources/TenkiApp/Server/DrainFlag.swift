import Synchronization

/// Set once when shutdown begins; `/healthz` reads it on every probe, so it is a lock-free atomic.
final class DrainFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .relaxed) }

    func set() {
        value.store(true, ordering: .relaxed)
    }
}
