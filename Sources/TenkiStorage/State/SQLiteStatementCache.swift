import CSQLite

/// The connection's prepared statements, kept by SQL text so that a statement Tenki runs again
/// (every store's are fixed texts) is parsed and planned once, not at every call: preparing was
/// most of a small query's time. Touched only under `SQLiteDatabase`'s lock, like the handle.
///
/// A statement is taken out while in use and put back, reset and unbound, when its
/// `SQLiteStatement` goes away; the same text used again meanwhile (a query inside another's
/// row mapping) is prepared anew and finalized after use. At most `capacity` texts are kept.
final class SQLiteStatementCache {
    static let capacity = 64
    private var idle: [String: OpaquePointer] = [:]

    /// How many statements wait to be used again.
    var count: Int { idle.count }

    /// The idle statement for `sql`, no longer idle; nil when there is none.
    func take(_ sql: String) -> OpaquePointer? {
        idle.removeValue(forKey: sql)
    }

    /// Whether a newly prepared statement should come back here after use.
    var hasRoom: Bool { idle.count < Self.capacity }

    /// `statement` is done: reset and kept for `sql`, or finalized when one is already kept.
    func put(_ statement: OpaquePointer, for sql: String) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        if idle[sql] == nil, idle.count < Self.capacity {
            idle[sql] = statement
        } else {
            sqlite3_finalize(statement)
        }
    }

    /// Before the connection closes.
    func finalizeAll() {
        for statement in idle.values { sqlite3_finalize(statement) }
        idle.removeAll()
    }
}
