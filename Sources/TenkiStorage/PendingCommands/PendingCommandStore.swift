import Foundation
import TenkiCore

/// Commands acknowledged with a placeholder ("Looking up …") whose answer is still owed, kept
/// where the outbox is so that a dead process' commands are answered by another replica, or by
/// the same one after a restart.
///
/// A command is held under a lease (an owner and an expiry on the store's own clock, so replicas'
/// clocks never have to agree). The owner renews it while the lookup runs and completes it by
/// queueing the answer and forgetting the command in one transaction. A lease that ends unrenewed
/// means its process died or stalled: `claimAbandoned` hands the command to someone else, and from
/// then on only the new owner can complete it, so the answer is queued once.
public protocol PendingCommandStore: Sendable {
    /// Stores a command, leased to `owner` for `lease` seconds; returns when it is committed.
    func hold(
        _ command: NewPendingCommand, owner: String, lease: TimeInterval
    ) async throws(DeliveryStoreError) -> PendingCommandID

    /// Extends the lease by `lease` seconds from now; false when `owner` no longer holds it.
    func renew(_ id: PendingCommandID, owner: String, lease: TimeInterval) async throws(DeliveryStoreError) -> Bool

    /// Queues `answer` and forgets the command in one transaction, when `owner` still holds it
    /// (its lease may have ended, as long as nobody took it over). Nil when someone else did: that
    /// process answers instead.
    func complete(
        _ id: PendingCommandID, owner: String, answer: NewDelivery
    ) async throws(DeliveryStoreError) -> DeliveryID?

    /// Forgets a command `owner` answered without the store (posted directly while the store was
    /// away), so nobody answers it again; false when someone else holds it now.
    func forget(_ id: PendingCommandID, owner: String) async throws(DeliveryStoreError) -> Bool

    /// Takes at most `limit` commands whose lease has ended, oldest first, leasing them to `owner`
    /// and counting the takeover in `claims`.
    func claimAbandoned(owner: String, lease: TimeInterval, limit: Int) async throws(DeliveryStoreError) -> [PendingCommand]

    /// Ends `owner`'s leases at once, for a process that stops before finishing them: another
    /// replica takes them on its next look instead of after the lease. Returns how many.
    @discardableResult
    func releasePendingCommands(owner: String) async throws(DeliveryStoreError) -> Int

    /// How many commands are owed an answer, for metrics.
    func pendingCommandCount() async throws(DeliveryStoreError) -> Int
}

public struct PendingCommandID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int64

    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}

/// A command to hold: what is needed to run it again, and where its answer goes.
public struct NewPendingCommand: Sendable {
    /// The command as the app encodes it (never the request's secrets).
    public var payload: [UInt8]
    /// The `response_url`, or Discord's `@original`: a secret, never listed or logged.
    public var destination: URL
    public var destinationKind: DestinationKind
    /// When the placeholder went back: the destination's lifetime runs from here.
    public var createdAt: Date
    /// The Slack installation it is for (`Installation.key`): an uninstall removes it. Nil in
    /// single-team mode and on other platforms.
    public var installationKey: String?

    public init(
        payload: [UInt8], destination: URL, destinationKind: DestinationKind, createdAt: Date, installationKey: String? = nil
    ) {
        self.payload = payload
        self.destination = destination
        self.destinationKind = destinationKind
        self.createdAt = createdAt
        self.installationKey = installationKey
    }
}

/// A command taken over from a process whose lease ended.
public struct PendingCommand: Sendable {
    public var id: PendingCommandID
    public var command: NewPendingCommand
    /// How many times it has been taken over, this claim included: a command that keeps killing
    /// its process is not run for ever.
    public var claims: Int
}

/// A `pending_commands` row as both stores read it back after a takeover.
struct PendingCommandRow {
    var id: Int64
    var payload: [UInt8]
    var url: String
    var kind: String
    var createdAt: Double
    var claims: Int
    var installationKey: String?

    /// A row returned as `id, payload, destination_url, destination_kind, created_at, claims, installation_key`.
    init(_ row: some StoreRow) {
        (id, payload, url, kind) = (row.int64(0), row.blob(1), row.text(2), row.text(3))
        (createdAt, claims, installationKey) = (row.double(4), row.int(5), row.optionalText(6))
    }

    /// The commands of `rows`, oldest first; a row with nowhere to answer is deleted on `connection`
    /// instead, since nothing can ever be done with it.
    static func commands<Connection: StoreConnection>(
        _ rows: [PendingCommandRow], settlingOn connection: Connection
    ) throws(Connection.Failure) -> [PendingCommand] {
        var claimed: [PendingCommand] = []
        for row in rows.sorted(by: { $0.id < $1.id }) {
            guard let command = row.command else {
                try connection.run("DELETE FROM pending_commands WHERE id = $1", [.integer(row.id)])
                continue
            }
            claimed.append(command)
        }
        return claimed
    }

    /// The command, or nil when its destination no longer reads (nothing could ever answer it).
    var command: PendingCommand? {
        guard let url = URL(string: url), let kind = DestinationKind(rawValue: kind) else { return nil }
        return PendingCommand(
            id: PendingCommandID(rawValue: id),
            command: NewPendingCommand(
                payload: payload, destination: url, destinationKind: kind, createdAt: Date(timeIntervalSince1970: createdAt),
                installationKey: installationKey),
            claims: claims)
    }
}
