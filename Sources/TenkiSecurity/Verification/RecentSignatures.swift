import Foundation
import Synchronization

/// The signatures of requests accepted in the last minutes, so that a signed request runs once:
/// the timestamp window alone lets anyone who captured a request send it again, unchanged, for as
/// long as its timestamp stays fresh (Slack's five minutes). A replay is refused instead.
///
/// Memory is bounded: an entry is kept for `hold` (twice the timestamp tolerance: as long as any
/// copy of the request could still pass the window), and at most `capacity` entries are kept (the
/// oldest are forgotten first; 50,000 entries are about 3 MB and cover 160 commands a second).
/// Only the first 16 bytes of a signature are kept: a MAC's bytes are uniform, so two different
/// requests collide with probability 2⁻¹²⁸.
///
/// Per process: behind several replicas, a replay that reaches another replica is not seen.
public final class RecentSignatures: Sendable {
    private struct Key: Hashable {
        var high: UInt64
        var low: UInt64
    }

    private struct State {
        var keys: Set<Key> = []
        /// Insertion order, for expiry: `keys` and `order[start...]` hold the same entries.
        var order: [(key: Key, expires: TimeInterval)] = []
        var start = 0
    }

    public let capacity: Int
    public let hold: TimeInterval
    private let state = Mutex(State())

    public init(capacity: Int, hold: TimeInterval) {
        self.capacity = max(1, capacity)
        self.hold = hold
    }

    /// Records `signature` as seen at `now`; false when it was already seen and not yet forgotten.
    public func firstSighting(of signature: [UInt8], now: Date) -> Bool {
        let key = Self.key(signature)
        let time = now.timeIntervalSince1970
        return state.withLock { state in
            Self.forget(&state, before: time, keeping: capacity - 1)
            guard state.keys.insert(key).inserted else { return false }
            state.order.append((key, time + hold))
            return true
        }
    }

    /// Entries remembered now (for tests and the memory bound).
    public var count: Int { state.withLock { $0.keys.count } }

    private static func forget(_ state: inout State, before time: TimeInterval, keeping limit: Int) {
        while state.start < state.order.count,
              state.order[state.start].expires <= time || state.order.count - state.start > limit {
            state.keys.remove(state.order[state.start].key)
            state.start += 1
        }
        // Compact once the forgotten prefix is the larger half, so the array does not grow forever.
        if state.start > 1024, state.start * 2 > state.order.count {
            state.order.removeFirst(state.start)
            state.start = 0
        }
    }

    private static func key(_ signature: [UInt8]) -> Key {
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in signature.prefix(16).enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        return Key(high: high, low: low)
    }
}
