import Synchronization

/// Short request ids (`a1b2c3-42`): a random per-process prefix and a counter, so ids are unique
/// across restarts without a random draw per request.
final class RequestIDGenerator: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        prefix = String(UInt32.random(in: 0x100000...0xFFFFFF), radix: 16)
    }

    func next() -> String {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return "\(prefix)-\(number)"
    }
}
