import Foundation
import TenkiCore
import TenkiServices

/// The SQLite state opened once per process and shared by its stores: the delivery queue's
/// outbox, the digest ledger, saved preferences and the daily call budgets. `serve`, `digest`,
/// `replay` and `demo` open the file `TENKI_STATE`; `preview` and tests an in-memory database.
struct StateFile: Sendable {
    let database: SQLiteDatabase
    let deliveries: SQLiteDeliveryStore
    let preferences: SQLiteUserPreferencesStore
    let ledger: SQLiteDigestLedger
    let budgets: SQLiteCallBudgetStore

    static func open(_ location: ServerDependencies.StateLocation, settings: Settings, clock: any WallClock) throws(ConfigurationError) -> StateFile {
        switch location {
        case .settings: try open(settings, clock: clock)
        case .memory: try open(path: ":memory:", clock: clock)
        }
    }

    /// A file that cannot be opened or migrated is a configuration error naming `TENKI_STATE`:
    /// usually a missing directory or a permission, which only the operator can fix.
    static func open(_ settings: Settings, clock: any WallClock = SystemWallClock()) throws(ConfigurationError) -> StateFile {
        let path = settings.statePath
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        return try open(path: path, clock: clock)
    }

    private static func open(path: String, clock: any WallClock) throws(ConfigurationError) -> StateFile {
        do {
            let database = try SQLiteDatabase(path: path)
            return StateFile(
                database: database, deliveries: try SQLiteDeliveryStore(database: database),
                preferences: try SQLiteUserPreferencesStore(database: database, clock: clock),
                ledger: try SQLiteDigestLedger(database: database), budgets: try SQLiteCallBudgetStore(database: database))
        } catch {
            throw ConfigurationError(
                setting: "TENKI_STATE", problem: "cannot be opened as the state file \(path) (\(error))",
                fix: "point it at a writable path on local disk (not NFS)")
        }
    }
}
