import Foundation
import TenkiCore

/// A message's id in the store: a positive integer, never reused (printed by `tenki outbox`).
public struct DeliveryID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: Int64

    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Parses `tenki outbox retry ID`'s argument; nil for anything but a positive integer.
    public init?(_ text: String) {
        guard let value = Int64(text), value > 0 else { return nil }
        rawValue = value
    }

    public static func < (lhs: DeliveryID, rhs: DeliveryID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

public enum DeliveryState: String, Sendable, Hashable, CaseIterable {
    case pending, delivered, dead
}

/// A message to post, as the producer (late answer, digest) hands it to the queue.
public struct NewDelivery: Sendable {
    /// What it is, for listings and metrics: `late-answer`, `digest:morning`.
    public var kind: String
    public var destination: URL
    public var destinationKind: DestinationKind
    /// The JSON body, posted as `application/json`.
    public var body: [UInt8]
    public var createdAt: Date
    /// No attempt starts after this.
    public var deadline: Date
    /// At most this many attempts; nil: no limit.
    public var maxUses: Int?
    /// No attempt before this; nil: at once.
    public var firstAttemptAt: Date?
    /// The channel of a `chat.postMessage` (Slack paces the Web API per channel, not per URL):
    /// part of the destination's hash, so the queue paces and claims per channel. Nil elsewhere.
    public var channel: String?
    /// The Slack installation it is for (`Installation.key`): an uninstall removes it
    /// (`InstallationStore.deleteEverything`), and a Web API post is sent with that installation's
    /// bot token, looked up at send time (with many workspaces). Set on subscription posts; nil elsewhere.
    public var installationKey: String? = nil

    /// The stored `destination_hash`: the URL's, or the URL's and channel's for the Web API.
    public var destinationHash: String {
        DestinationFingerprint.hash(of: destination, channel: channel)
    }

    /// A message with Slack's limits for its kind of destination (see `DestinationKind.limits`).
    public init(
        kind: String, destination: URL, destinationKind: DestinationKind, body: [UInt8], createdAt: Date,
        webhookLifetime: TimeInterval = DestinationKind.defaultWebhookLifetime
    ) {
        let limits = destinationKind.limits(createdAt: createdAt, webhookLifetime: webhookLifetime)
        self.init(
            kind: kind, destination: destination, destinationKind: destinationKind, body: body,
            createdAt: createdAt, deadline: limits.deadline, maxUses: limits.maxUses)
    }

    public init(
        kind: String, destination: URL, destinationKind: DestinationKind, body: [UInt8], createdAt: Date,
        deadline: Date, maxUses: Int?
    ) {
        self.kind = kind
        self.destination = destination
        self.destinationKind = destinationKind
        self.body = body
        self.createdAt = createdAt
        self.deadline = deadline
        self.maxUses = maxUses
    }
}

/// A message claimed for one attempt. Holds the URL and body: it stays inside the queue.
public struct ClaimedDelivery: Sendable {
    public var id: DeliveryID
    public var kind: String
    public var destination: URL
    public var destinationKind: DestinationKind
    /// The destination's host and short hash, the only forms that may appear in logs.
    public var destinationHost: String
    public var destinationHash: String
    public var body: [UInt8]
    /// This attempt's number, 1 for the first.
    public var attempt: Int
    public var limits: DeliveryLimits
    public var createdAt: Date
    /// `NewDelivery.installationKey`: whose bot token a Web API post is sent with.
    public var installationKey: String? = nil
}

/// A message as listings show it: no URL, no body.
public struct DeliverySummary: Sendable, Equatable {
    public var id: DeliveryID
    public var kind: String
    public var state: DeliveryState
    public var destinationKind: DestinationKind
    public var destinationHost: String
    /// `DestinationFingerprint.hash`: tells two webhooks apart without revealing them.
    public var destinationHash: String
    public var attempts: Int
    public var lastError: String?
    public var createdAt: Date
    /// When a pending message is due next; nil once it is finished.
    public var nextAttemptAt: Date?
    public var finishedAt: Date?

    public init(
        id: DeliveryID, kind: String, state: DeliveryState, destinationKind: DestinationKind,
        destinationHost: String, destinationHash: String, attempts: Int, lastError: String?,
        createdAt: Date, nextAttemptAt: Date?, finishedAt: Date?
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.destinationKind = destinationKind
        self.destinationHost = destinationHost
        self.destinationHash = destinationHash
        self.attempts = attempts
        self.lastError = lastError
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.finishedAt = finishedAt
    }
}

/// What the metrics need from the store.
public struct DeliveryStatistics: Sendable, Equatable {
    public var pending: Int
    public var dead: Int
    public var oldestPendingCreatedAt: Date?
}
