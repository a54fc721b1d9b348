import CSQLite
import Foundation
import TenkiBase

/// A consistent copy of an SQLite file taken with SQLite's online backup API while other
/// processes keep writing to it (`tenki backup`).
///
/// The whole copy is one `sqlite3_backup_step(-1)`: it holds a read transaction on the source for
/// its duration, so the copy is the database as of one commit. In WAL mode that read transaction
/// does not block the writer. Nothing is migrated or validated: the pages are copied as they are.
public enum SQLiteBackup {
    /// Copies the database at `source` to a new file at `destination`.
    /// - Throws: `SQLiteError` with operation `backup-open-source`, `backup-open-destination` or
    ///   `backup`; the destination is removed when the copy failed.
    public static func copy(
        from source: String, to destination: String, busyTimeout: Duration = .seconds(30)
    ) throws(SQLiteError) {
        // Read-write without create: a WAL reader needs the -shm file, and a missing source must never be created.
        let from = try open(source, flags: SQLITE_OPEN_READWRITE, operation: "backup-open-source")
        defer { sqlite3_close_v2(from) }
        sqlite3_busy_timeout(from, Int32(clamping: busyTimeout.milliseconds))
        let to = try open(destination, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, operation: "backup-open-destination")
        var closed = false
        defer { if !closed { sqlite3_close_v2(to) } }
        do throws(SQLiteError) {
            guard let backup = sqlite3_backup_init(to, "main", from, "main") else {
                throw SQLiteError(code: sqlite3_errcode(to), operation: "backup", message: String(cString: sqlite3_errmsg(to)))
            }
            let step = sqlite3_backup_step(backup, -1)
            let finish = sqlite3_backup_finish(backup)
            guard step == SQLITE_DONE, finish == SQLITE_OK else {
                let code = step == SQLITE_DONE ? finish : step
                throw SQLiteError(code: code, operation: "backup", message: String(cString: sqlite3_errstr(code)))
            }
            let close = sqlite3_close_v2(to)
            closed = true
            guard close == SQLITE_OK else {
                throw SQLiteError(code: close, operation: "backup", message: String(cString: sqlite3_errstr(close)))
            }
        } catch {
            if !closed { sqlite3_close_v2(to) }
            closed = true
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: destination + suffix) }
            throw error
        }
    }

    private static func open(_ path: String, flags: Int32, operation: String) throws(SQLiteError) -> OpaquePointer {
        var pointer: OpaquePointer?
        let code = sqlite3_open_v2(path, &pointer, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw SQLiteError(code: code, operation: operation, message: message)
        }
        sqlite3_extended_result_codes(pointer, 1)
        return pointer
    }
}
