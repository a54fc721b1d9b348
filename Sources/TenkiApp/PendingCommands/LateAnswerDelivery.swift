import Foundation
import TenkiBase
import TenkiCore
import TenkiLogging

/// Where answers that missed the platform's window go: the delivery queue in `serve`.
public protocol LateAnswerDelivery: Sendable {
    /// Owes an answer for `work`: records it as pending (so that it is answered even if this
    /// process dies), signals `held` once that is committed (or has failed), keeps it while
    /// `answer` runs, then delivers what `answer` returns, once. Nil from `answer` means the
    /// process is stopping: nothing is delivered, and the pending work is left to another process.
    func owe(
        _ work: PendingWork, held: AsyncSignal, answer: @escaping @Sendable () async -> LateAnswer?, logger: Logger
    ) async
}

/// Work whose answer is owed: what is needed to run it again, and where its answer goes.
public struct PendingWork: Sendable {
    /// `PendingCommandRecord`, encoded: a command or a press, without secrets.
    public var record: [UInt8]
    /// The `response_url`, or Discord's `@original`.
    public var destination: URL
    public var kind: DestinationKind
    /// The outbox's name for its answer: `late-answer` for a command, `interaction` for a press.
    public var deliveryKind: String
    /// The Slack installation it belongs to (many workspaces): an uninstall removes the pending
    /// work and its answer (`InstallationStore.deleteEverything`). Nil with one workspace.
    public var installationKey: String? = nil

    public init(record: [UInt8], destination: URL, kind: DestinationKind, deliveryKind: String = "late-answer") {
        self.record = record
        self.destination = destination
        self.kind = kind
        self.deliveryKind = deliveryKind
    }
}

/// An answer rendered for its platform, as it is posted late.
public struct LateAnswer: Sendable {
    public var body: [UInt8]
    /// Where it goes instead of the work's destination (a Discord follow-up); nil: there.
    public var destination: URL?
    public var kind: DestinationKind?
    /// Posted to the same destination once the answer is delivered (a shared message's private
    /// copy deleted); left undone when it is not delivered within `LateAnswer.followUpWait`.
    public var afterDelivery: [UInt8]?

    public init(body: [UInt8], destination: URL? = nil, kind: DestinationKind? = nil, afterDelivery: [UInt8]? = nil) {
        self.body = body
        self.destination = destination
        self.kind = kind
        self.afterDelivery = afterDelivery
    }

    /// How long a follow-up waits for its answer to arrive.
    static let followUpWait: Duration = .seconds(300)
}
