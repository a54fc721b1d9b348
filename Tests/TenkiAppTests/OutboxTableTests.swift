import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiStorage

@Suite("tenki outbox listing")
struct OutboxTableTests {
    @Test("rows show kind, host and hash, attempts, timing and the error, never a URL")
    func rendersRows() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let rows = [
            DeliverySummary(
                id: DeliveryID(rawValue: 7), kind: "digest:morning", state: .dead, destinationKind: .incomingWebhook,
                destinationHost: "hooks.slack.com", destinationHash: "1a2b3c4d", attempts: 1, lastError: "HTTP 404 channel_not_found",
                createdAt: now.addingTimeInterval(-90), nextAttemptAt: nil, finishedAt: now),
            DeliverySummary(
                id: DeliveryID(rawValue: 8), kind: "late-answer", state: .pending, destinationKind: .responseURL,
                destinationHost: "hooks.slack.com", destinationHash: "99aa88bb", attempts: 2, lastError: "HTTP 503",
                createdAt: now, nextAttemptAt: now.addingTimeInterval(4), finishedAt: nil),
        ]
        let table = OutboxTable.render(rows, now: now)
        let lines = table.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID  STATE"))
        #expect(lines[1].contains("digest:morning") && lines[1].contains("hooks.slack.com #1a2b3c4d") && lines[1].contains("channel_not_found"))
        #expect(lines[2].contains("pending") && lines[2].contains("next in 4s"))
        #expect(!table.contains("https://"))
        #expect(OutboxTable.render([], now: now).contains("empty"))
    }
}
