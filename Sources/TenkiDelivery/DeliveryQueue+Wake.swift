extension DeliveryQueue {
    /// Wakes `run()` for a message that was queued outside `enqueue` (the digest ledger inserts its
    /// message in the same transaction as its claim), so it is posted at once, not at the next poll.
    public func wake() {
        newWork.signal()
    }
}
