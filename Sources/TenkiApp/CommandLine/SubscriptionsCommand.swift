import Foundation
import TenkiCore
import TenkiHTTPClient

/// `tenki subscriptions [remove ID]`: every channel's subscriptions, for operators, and removing
/// one (as `/weather unsubscribe` would from its channel).
enum SubscriptionsCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let command = try StateFileCommand("subscriptions", arguments)
        switch command.action {
        case nil:
            TenkiCLI.printOutput(SubscriptionsTable.render(try await command.open().subscriptions.all(), now: Date()))
            return .success
        case "remove":
            let id = try command.id(usage: "remove needs one subscription ID, e.g. tenki subscriptions remove 3") { word in
                Int64(word).flatMap { $0 > 0 ? $0 : nil }
            }
            guard try await command.open().subscriptions.remove([id], team: nil, channel: nil) == 1 else {
                TenkiCLI.printError("tenki subscriptions: no subscription with ID \(id) (see 'tenki subscriptions')")
                return .failure
            }
            TenkiCLI.printOutput("removed subscription \(id); its channel gets no more posts from it")
            return .success
        case let other?:
            throw UsageError(
                "unknown action '\(other)'; use 'tenki subscriptions' or 'tenki subscriptions remove ID'", command: "subscriptions")
        }
    }
}

/// The listing as a fixed-width table (pure, so tests pin it).
enum SubscriptionsTable {
    static func render(_ rows: [Subscription], now: Date) -> String {
        guard !rows.isEmpty else { return "no subscriptions: channels add them with /weather subscribe PLACE" }
        let header = ["ID", "PLATFORM", "TEAM", "CHANNEL", "KIND", "PLACE", "SCHEDULE", "ZONE", "NEXT", "LAST"]
        let lines = rows.map { row -> [String] in
            let (kind, schedule): (String, String) =
                switch row.kind {
                case .morning(let time, let days): ("morning", "\(time) \(days.rawValue)")
                case .rain: ("rain", "every 30 min")
                }
            let next = row.nextReport(after: now).map { SubscriptionCommands.localTime($0, in: row.zone) } ?? "-"
            let last = row.pausedReason.map { "paused: \($0)" } ?? (row.deadInARow > 0 ? "dead (\(row.deadInARow) in a row)" : "-")
            return [String(row.id), "slack", row.team, row.channel, kind, row.title, schedule, row.timeZone, next, last]
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        return ([header] + lines).map { cells in
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
