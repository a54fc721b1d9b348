import Foundation
import TenkiCore
import TenkiHTTPClient
import TenkiStorage

/// `tenki outbox [retry ID]`: what the delivery queue still owes, and what it gave up on, and
/// how many acknowledged commands are still being looked up.
/// Destinations show as host and a short hash: webhook URLs are secrets, so never printed.
enum OutboxCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let command = try StateFileCommand("outbox", arguments)
        switch command.action {
        case nil:
            let state = try command.open()
            let rows = try await state.deliveries.list(states: [.pending, .dead])
            TenkiCLI.printOutput(OutboxTable.render(rows, now: Date()))
            let owed = try await state.deliveries.pendingCommandCount()
            if owed > 0 {
                TenkiCLI.printOutput(
                    "\(owed) command(s) acknowledged with a placeholder are still being looked up (their answer is queued when ready)")
            }
            return .success
        case "retry":
            let id = try command.id(usage: "retry needs one delivery ID, e.g. tenki outbox retry 42") { DeliveryID($0) }
            guard try await command.open().deliveries.retry(id, now: Date()) else {
                TenkiCLI.printError("tenki outbox: no dead delivery with ID \(id) (see 'tenki outbox')")
                return .failure
            }
            TenkiCLI.printOutput("re-queued \(id); a running 'tenki serve' picks it up within seconds")
            return .success
        case let other?:
            throw UsageError("unknown outbox action '\(other)'; use 'tenki outbox' or 'tenki outbox retry ID'", command: "outbox")
        }
    }
}

/// The listing, as a fixed-width table (pure, so tests pin it).
enum OutboxTable {
    static func render(_ rows: [DeliverySummary], now: Date) -> String {
        guard !rows.isEmpty else { return "the outbox is empty: nothing pending, nothing dead" }
        let header = ["ID", "STATE", "KIND", "DESTINATION", "ATTEMPTS", "WHEN", "LAST ERROR"]
        let lines = rows.map { row -> [String] in
            let when: String
            if let next = row.nextAttemptAt, row.state == .pending {
                when = next <= now ? "due now" : "next in \(Int(next.timeIntervalSince(now).rounded(.up)))s"
            } else {
                when = "age \(Int(now.timeIntervalSince(row.createdAt)))s"
            }
            return [
                String(row.id.rawValue), row.state.rawValue, row.kind, "\(row.destinationHost) #\(row.destinationHash)",
                String(row.attempts), when, String((row.lastError ?? "-").prefix(80)),
            ]
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        return ([header] + lines).map { cells in
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
