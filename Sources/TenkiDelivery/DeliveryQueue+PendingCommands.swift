import Foundation
import TenkiCore
import TenkiStorage

/// The queue's side of pending commands (`PendingCommandStore`): held, renewed and taken over
/// under this process' owner name, with store failures counted like the queue's own.
extension DeliveryQueue {
    /// Holds a command whose answer is owed, leased to this process for `lease` seconds.
    public func hold(_ command: NewPendingCommand, lease: TimeInterval) async throws(DeliveryStoreError) -> PendingCommandID {
        try await counted("hold") { () throws(DeliveryStoreError) in
            try await store.hold(command, owner: configuration.owner, lease: lease)
        }
    }

    /// Extends this process' lease on a command; false when another process took it over.
    public func renew(_ id: PendingCommandID, lease: TimeInterval) async throws(DeliveryStoreError) -> Bool {
        guard !pendingCommandsReleased.load(ordering: .acquiring) else { return false }
        return try await counted("hold") { () throws(DeliveryStoreError) in
            try await store.renew(id, owner: configuration.owner, lease: lease)
        }
    }

    /// Queues a command's answer and forgets the command in one transaction, waking `run()`; nil
    /// when another process took the command over (it answers instead).
    public func complete(_ id: PendingCommandID, with answer: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID? {
        let queued = try await counted("enqueue") { () throws(DeliveryStoreError) in
            try await store.complete(id, owner: configuration.owner, answer: answer)
        }
        if let queued {
            logger.info("queued", [("delivery", "\(queued)"), ("host", DestinationFingerprint.host(of: answer.destination))])
            newWork.signal()
        }
        return queued
    }

    /// Forgets a command answered without the store (see `PendingCommandStore.forget`).
    public func forget(_ id: PendingCommandID) async throws(DeliveryStoreError) -> Bool {
        try await counted("hold") { () throws(DeliveryStoreError) in
            try await store.forget(id, owner: configuration.owner)
        }
    }

    /// Takes over commands whose process' lease ended (see `PendingCommandStore.claimAbandoned`).
    public func claimAbandoned(lease: TimeInterval, limit: Int) async throws(DeliveryStoreError) -> [PendingCommand] {
        try await counted("claim") { () throws(DeliveryStoreError) in
            try await store.claimAbandoned(owner: configuration.owner, lease: lease, limit: limit)
        }
    }

    /// Ends this process' leases at once, so another replica answers those commands now; no
    /// lease is renewed afterwards.
    public func releasePendingCommands() async {
        pendingCommandsReleased.store(true, ordering: .releasing)
        do throws(DeliveryStoreError) {
            let released = try await counted("hold") { () throws(DeliveryStoreError) in
                try await store.releasePendingCommands(owner: configuration.owner)
            }
            if released > 0 { logger.notice("pending commands left to other processes", [("count", String(released))]) }
        } catch {
            logger.warning("pending commands could not be released; they are taken over when their lease ends", [
                ("error", error.description)
            ])
        }
    }
}
