import Synchronization

/// The `envelope_id`s this process took lately, shared by its connections: Slack sends an envelope
/// again (`retry_attempt`) when its acknowledgement did not arrive in time, possibly on another
/// connection, and a command or a press must not run twice. Bounded: the oldest id is forgotten
/// first (Slack retries within seconds, so thousands of ids are minutes of traffic).
final class RecentEnvelopeIDs: Sendable {
    private struct State {
        var ids: Set<String> = []
        var order: [String] = []
        var head = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 4096) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// True when `id` is new (and is remembered from now on); false for one already taken.
    func insert(_ id: String) -> Bool {
        state.withLock { state in
            guard state.ids.insert(id).inserted else { return false }
            if state.order.count < capacity {
                state.order.append(id)
            } else {
                // A ring: the slot of the oldest id takes the new one.
                state.ids.remove(state.order[state.head])
                state.order[state.head] = id
                state.head = (state.head + 1) % capacity
            }
            return true
        }
    }

    /// Forgets `id`, so that Slack's retry of it is taken (an envelope refused as busy).
    func forget(_ id: String) {
        state.withLock { _ = $0.ids.remove(id) }
    }

    var count: Int { state.withLock { $0.ids.count } }
}
