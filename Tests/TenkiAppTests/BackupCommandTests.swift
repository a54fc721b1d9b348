import Foundation
import Synchronization
import Testing
@testable import TenkiApp
@testable import TenkiStorage

/// `tenki backup PATH` and the state-reading commands: a consistent copy while another connection
/// writes, restored into a fresh state with the same pending deliveries, and a missing state file
/// refused (never created) with its path named.
@Suite("tenki backup and the state file")
final class BackupCommandTests: Sendable {
    /// Each test's own folder, removed when the test is done.
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory() }

    deinit { scratch.remove() }

    func settings(state: String) throws -> Settings {
        try Settings.load(environment: ["TENKI_STATE": state]) { path in try String(contentsOfFile: path, encoding: .utf8) }
    }

    func path(_ name: String) -> String { scratch.path(name) }

    static func delivery(_ number: Int, at now: Date) -> NewDelivery {
        NewDelivery(
            kind: "late-answer", destination: URL(string: "https://hooks.slack.com/commands/T/\(number)/secret")!,
            destinationKind: .responseURL, body: Array("{\"text\":\"answer \(number)\"}".utf8), createdAt: now)
    }

    @Test("backed up while another connection enqueues: one consistent commit; restored, the same pending deliveries")
    func backupUnderLoad() async throws {
        let state = path("tenki.sqlite")
        let now = Date(timeIntervalSince1970: 1_795_996_800)
        let source = try SQLiteDeliveryStore(path: state)
        for number in 1...50 { _ = try await source.enqueue(Self.delivery(number, at: now)) }

        // The writer: its own connection, as `serve` would be, enqueueing until the backup is done.
        let backupDone = Atomic<Bool>(false)
        let writer = Task {
            let store = try SQLiteDeliveryStore(path: state)
            var number = 51
            while !backupDone.load(ordering: .acquiring) {
                _ = try await store.enqueue(Self.delivery(number, at: now))
                number += 1
            }
            return number - 51
        }
        while try await source.statistics().pending < 60 { await Task.yield() }
        let underLoad = try BackupCommand.backUp(settings: settings(state: state), to: path("under-load.sqlite"))
        backupDone.store(true, ordering: .releasing)
        let writtenMeanwhile = try await writer.value
        #expect(writtenMeanwhile >= 10)

        // Restore into a fresh state: a consistent snapshot holds deliveries 1...k, no gaps.
        let restoredState = path("restored.sqlite")
        try FileManager.default.copyItem(atPath: underLoad, toPath: restoredState)
        let restored = try SQLiteDeliveryStore(path: restoredState)
        let restoredIDs = try await restored.list(states: [.pending]).map(\.id.rawValue).sorted()
        #expect(restoredIDs.count >= 60)
        #expect(restoredIDs == Array(1...Int64(restoredIDs.count)))

        // Quiet now: a second backup, restored, lists exactly what the source lists (what `tenki outbox` prints).
        let quiet = try BackupCommand.backUp(settings: settings(state: state), to: path("quiet.sqlite"))
        let restoredQuiet = try SQLiteDeliveryStore(path: quiet)
        let expected = try await source.list(states: [.pending, .dead])
        let actual = try await restoredQuiet.list(states: [.pending, .dead])
        #expect(actual.count == 50 + writtenMeanwhile)
        #expect(OutboxTable.render(actual, now: now) == OutboxTable.render(expected, now: now))
    }

    @Test("a missing state file is refused by backup and outbox, named, and not created")
    func missingStateRefused() throws {
        let missing = path("nowhere/tenki.sqlite")
        let settings = try settings(state: missing)
        #expect {
            _ = try BackupCommand.backUp(settings: settings, to: path("copy.sqlite"))
        } throws: { error in
            let text = String(describing: error)
            return error is ConfigurationError && text.contains("TENKI_STATE") && text.contains(missing)
        }
        #expect(throws: ConfigurationError.self) { try StateFile.requireExisting(settings, command: "outbox") }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(!FileManager.default.fileExists(atPath: path("copy.sqlite")))
    }

    @Test("a backup never overwrites an existing file")
    func existingDestinationRefused() async throws {
        let state = path("tenki.sqlite")
        _ = try SQLiteDeliveryStore(path: state)
        let taken = path("taken.sqlite")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: taken))
        #expect(throws: UsageError.self) { _ = try BackupCommand.backUp(settings: settings(state: state), to: taken) }
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "keep me")
    }

    @Test("a copy that cannot be written is a temporary failure (exit 75) and leaves nothing behind")
    func unwritableDestination() async throws {
        let state = path("tenki.sqlite")
        _ = try SQLiteDeliveryStore(path: state)
        // A folder that exists but takes no new files, even for root.
        let destination = "/proc/tenki-backup-\(UUID()).sqlite"
        #expect(throws: TemporaryFailure.self) { _ = try BackupCommand.backUp(settings: settings(state: state), to: destination) }
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    @Test("a PATH in a folder that does not exist is a usage error (64) naming the folder")
    func missingFolder() async throws {
        let state = path("tenki.sqlite")
        _ = try SQLiteDeliveryStore(path: state)
        let destination = path("no-such-directory/copy.sqlite")
        #expect(throws: UsageError.self) { _ = try BackupCommand.backUp(settings: settings(state: state), to: destination) }
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    @Test("state-file errors at start: disk full, I/O, locks are temporary (75); not a database is configuration (78)")
    func classification() {
        let state = path("tenki.sqlite")
        #expect(StateFile.classify(SQLiteError(code: 13, operation: "open", message: "database or disk is full"), path: state)
            is TemporaryFailure)
        #expect(StateFile.classify(SQLiteError(code: 10 | (3 << 8), operation: "open", message: "disk I/O error"), path: state)
            is TemporaryFailure)
        #expect(StateFile.classify(SQLiteError(code: 5, operation: "open", message: "database is locked"), path: state)
            is TemporaryFailure)
        #expect(StateFile.classify(SQLiteError(code: 26, operation: "open", message: "file is not a database"), path: state)
            is ConfigurationError)
        #expect(StateFile.classify(SQLiteError(code: 14, operation: "open", message: "unable to open"), path: path("missing/x"))
            is ConfigurationError)
    }
}
