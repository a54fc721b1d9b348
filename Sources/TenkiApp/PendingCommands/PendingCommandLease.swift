import Foundation
import TenkiLogging
import TenkiDelivery
import TenkiStorage

/// How long a process holds a pending command without renewing it, and how often it renews: a
/// process that dies leaves its commands to others after at most `duration`.
struct PendingCommandLease: Sendable {
    /// At most 30 s: the longest a user waits, past the lookup, for a dead process' command.
    var duration: TimeInterval
    /// A third of the lease: two renewals may fail (a database briefly away) before it ends.
    var renewal: Duration

    static let standard = PendingCommandLease(duration: 30, renewal: .seconds(10))

    /// Renews the lease on `id` every `renewal` until cancelled (the answer is queued) or lost.
    func keep(_ id: PendingCommandID, on queue: DeliveryQueue, logger: Logger) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: renewal)
            } catch {
                return
            }
            do throws(DeliveryStoreError) {
                guard try await queue.renew(id, lease: duration) else {
                    logger.notice("pending command taken over by another process", [("pending", "\(id)")])
                    return
                }
            } catch {
                logger.warning("pending command's lease could not be renewed", [("error", error.description)])
            }
        }
    }
}
