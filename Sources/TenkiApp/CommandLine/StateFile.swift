import Foundation
import TenkiCore
import TenkiServices

/// The SQLite state file (`TENKI_STATE`) opened once per process and shared by its stores:
/// the delivery queue's outbox, the digest ledger and saved preferences.
struct StateFile {
    let database: SQLiteDatabase
    let deliveries: SQLiteDeliveryStore
    let preferences: SQLiteUserPreferencesStore

    /// A file that cannot be opened or migrated is a configuration error naming `TENKI_STATE`:
    /// usually a missing directory or a permission, which only the operator can fix.
    static func open(_ settings: Settings, clock: any WallClock = SystemWallClock()) throws(ConfigurationError) -> StateFile {
        let path = settings.statePath
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        do {
            let database = try SQLiteDatabase(path: path)
            return StateFile(
                database: database, deliveries: try SQLiteDeliveryStore(database: database),
                preferences: try SQLiteUserPreferencesStore(database: database, clock: clock))
        } catch {
            throw ConfigurationError(
                setting: "TENKI_STATE", problem: "cannot be opened as the state file \(path) (\(error))",
                fix: "point it at a writable path on local disk (not NFS)")
        }
    }
}
