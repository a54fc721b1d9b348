import CSQLite
import Foundation
import TenkiBase

/// One SQLite connection, used by one thread at a time behind a lock.
///
/// Opened in WAL mode with a busy timeout, so several processes (`serve`, `digest`, `outbox`) can
/// share the state file: readers never block the writer, and a writer waits for another instead of
/// failing at once. `synchronous=NORMAL` is the usual WAL pairing: a commit survives a process crash;
/// only a power loss can take back the last commits.
///
/// `@unchecked Sendable`: the `sqlite3` handle is only touched inside `lock`, and statements never
/// leave the closure that received the connection.
///
/// The C API forces a thread of its own: `sqlite3_step` blocks (for up to the busy timeout while
/// another process holds the write lock), and blocking must never happen on Swift's cooperative
/// pool, which the listener's handlers share. So async callers hop to a serial `DispatchQueue`,
/// and `NSLock` (not `Mutex`, whose closure cannot return a non-`Sendable` statement result)
/// guards the handle for the synchronous callers (migrations at start).
public final class SQLiteDatabase: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()
    /// Prepared statements kept between calls; used only inside `lock`.
    private let statements = SQLiteStatementCache()
    /// Where the async entry points run their work: SQLite blocks (a busy timeout waits up to
    /// seconds for another process' lock), and blocking must never happen on Swift's cooperative
    /// thread pool, which the listener's handlers share.
    private let queue = DispatchQueue(label: "tenki.sqlite")

    /// Opens (or creates) the file at `path`; `:memory:` works too, but cannot be shared.
    public init(path: String, busyTimeout: Duration = .seconds(5)) throws(SQLiteError) {
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw SQLiteError(code: code, operation: "open", message: message)
        }
        handle = pointer
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(clamping: busyTimeout.milliseconds))
        do {
            try withConnection { connection throws(SQLiteError) in
                _ = try connection.query("PRAGMA journal_mode=WAL") { $0.text(0) }
                try connection.execute("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
            }
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit {
        statements.finalizeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `body` with exclusive use of the connection. The connection must not escape `body`.
    public func withConnection<Result>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(SQLiteConnection(handle: handle, statements: statements))
    }

    /// `withConnection` off the cooperative thread pool, for async callers.
    public func perform<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Value
    ) async throws(SQLiteError) -> Value {
        try await offThePool { () throws(SQLiteError) -> Value in try self.withConnection(body) }
    }

    /// `transaction` off the cooperative thread pool, for async callers.
    public func performTransaction<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Value
    ) async throws(SQLiteError) -> Value {
        try await offThePool { () throws(SQLiteError) -> Value in try self.transaction(body) }
    }

    /// Runs `work` on `queue`, so a blocking SQLite call never holds a cooperative thread.
    private func offThePool<Value: Sendable>(
        _ work: @escaping @Sendable () throws(SQLiteError) -> Value
    ) async throws(SQLiteError) -> Value {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, SQLiteError>, Never>) in
            queue.async {
                continuation.resume(returning: Result { () throws(SQLiteError) -> Value in try work() })
            }
        }
        return try outcome.get()
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken at the start (waiting
    /// up to the busy timeout), so a read-then-write such as a claim cannot interleave with another
    /// process' claim. Commits when `body` returns, rolls back when it throws.
    public func transaction<Result>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        try withConnection { connection throws(SQLiteError) in
            try connection.execute("BEGIN IMMEDIATE")
            do throws(SQLiteError) {
                let result = try body(connection)
                try connection.execute("COMMIT")
                return result
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}

/// A value to bind to a statement's parameter.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}
