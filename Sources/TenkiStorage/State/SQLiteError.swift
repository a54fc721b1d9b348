/// A failed SQLite call: the result code, the operation, and SQLite's own message.
///
/// Never carries bound values: they hold webhook URLs and message bodies. SQLite's messages name
/// tables and constraints, not values.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's primary or extended result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT` 19).
    public var code: Int32
    /// What Tenki was doing: `open`, `prepare`, `step`, `migrate`…
    public var operation: String
    /// `sqlite3_errmsg` at the time of the failure.
    public var message: String

    public var description: String { "SQLite \(operation) failed (\(code)): \(message)" }

    /// Another connection holds the lock for longer than the busy timeout.
    public var isBusy: Bool { code & 0xFF == 5 || code & 0xFF == 6 }
}
