import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiLogging

@testable import TenkiApp

/// A late answer owed through `QueuedLateAnswers.owe`, split as a test needs it: `promise` returns
/// once the command is held (as the placeholder would go back), `deliver` hands the answer over and
/// waits until it is settled.
struct OwedAnswer: Sendable {
    let given: LateCell<LateAnswer>
    let settled: Task<Void, Never>

    func deliver(_ message: SlackMessage, for _: OwedAnswer? = nil, logger: Logger = .discarding) async {
        given.set(LateAnswer(body: MessageEncoding.json(message)))
        await settled.value
    }
}

extension QueuedLateAnswers {
    func promise(_ command: SlashCommandPayload, to url: URL, kind: DestinationKind, logger: Logger) async -> OwedAnswer {
        let held = AsyncSignal()
        let given = LateCell<LateAnswer>()
        let work = PendingWork(record: PendingCommandRecord(command).encoded, destination: url, kind: kind)
        let settled = Task { await owe(work, held: held, answer: { await given.value() }, logger: logger) }
        await held.wait()
        return OwedAnswer(given: given, settled: settled)
    }

    func deliver(_ message: SlackMessage, for owed: OwedAnswer, logger: Logger) async {
        await owed.deliver(message)
    }
}

/// Records late answers (their bodies and where they go) instead of posting them.
final class RecordingLateAnswers: LateAnswerDelivery {
    let delivered = Mutex<[(body: [UInt8], url: URL)]>([])
    /// Yields once per delivery, so a test can await the first one.
    let deliveries = AsyncStream<Void>.makeStream()

    func owe(_ work: PendingWork, held: AsyncSignal, answer: @escaping @Sendable () async -> LateAnswer?, logger: Logger) async {
        held.signal()
        guard let late = await answer() else { return }
        delivered.withLock { $0.append((late.body, late.destination ?? work.destination)) }
        deliveries.continuation.yield()
    }

    var count: Int { delivered.withLock { $0.count } }

    /// The deliveries decoded as `Message` (Slack's or Mattermost's), with their URLs.
    func messages<Message: Decodable>(as _: Message.Type) -> [(Message, URL)] {
        delivered.withLock { $0 }.compactMap { entry in
            (try? JSONDecoder().decode(Message.self, from: Data(entry.body))).map { ($0, entry.url) }
        }
    }
}
