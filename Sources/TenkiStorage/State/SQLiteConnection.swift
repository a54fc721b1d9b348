import CSQLite
import Foundation

/// The connection as lent out by `SQLiteDatabase.withConnection`: run statements, read rows.
/// Not `Sendable` and not to be kept: it is valid only inside the closure that received it.
public struct SQLiteConnection {
    let handle: OpaquePointer
    let statements: SQLiteStatementCache

    /// Runs one or more statements without parameters (schema, pragmas, `BEGIN`/`COMMIT`).
    public func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, "execute") }
    }

    /// Runs one statement with `values` bound to `?1`, `?2`…; returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs one query and maps each row.
    public func query<Row>(
        _ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteStatement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(try row(statement))
        }
        return rows
    }

    /// The rowid of the last `INSERT` on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The prepared statement for `sql`, from the connection's cache when it was prepared before;
    /// given back to the cache (or finalized) when the returned object goes away.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements.take(sql) {
            return SQLiteStatement(pointer: cached, connection: handle, cache: (statements, sql))
        }
        var pointer: OpaquePointer?
        let keep = statements.hasRoom
        let flags = keep ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(handle, sql, -1, flags, &pointer, nil)
        guard code == SQLITE_OK, let pointer else { throw error(code, "prepare") }
        return SQLiteStatement(pointer: pointer, connection: handle, cache: keep ? (statements, sql) : nil)
    }

    func error(_ code: Int32, _ operation: String) -> SQLiteError {
        SQLiteError(code: code, operation: operation, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// SQLite's destructor flag that makes it copy bound text and blobs at once.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement with typed binding and column access.
public final class SQLiteStatement {
    private let pointer: OpaquePointer
    private let connection: OpaquePointer

    /// Where the statement goes back after use; nil finalizes it.
    private let cache: (statements: SQLiteStatementCache, sql: String)?

    init(pointer: OpaquePointer, connection: OpaquePointer, cache: (statements: SQLiteStatementCache, sql: String)?) {
        self.pointer = pointer
        self.connection = connection
        self.cache = cache
    }

    deinit {
        if let cache {
            cache.statements.put(pointer, for: cache.sql)
        } else {
            sqlite3_finalize(pointer)
        }
    }

    /// Binds `values` to parameters 1…n, written `?1`…`?n` or, as PostgreSQL writes them, `$1`…`$n`
    /// (so one SQL text serves both databases). SQLite numbers `$` names in the order they first
    /// appear, not by their digits, so those are bound by name.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        let named = sqlite3_bind_parameter_name(pointer, 1).map { $0.pointee == CChar(UInt8(ascii: "$")) } ?? false
        for (offset, value) in values.enumerated() {
            let index = named ? sqlite3_bind_parameter_index(pointer, "$\(offset + 1)") : Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(pointer, index)
            case .integer(let number): code = sqlite3_bind_int64(pointer, index, number)
            case .real(let number): code = sqlite3_bind_double(pointer, index, number)
            case .text(let text): code = sqlite3_bind_text(pointer, index, text, -1, transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob64(pointer, index, buffer.baseAddress, sqlite3_uint64(buffer.count), transient)
                }
            }
            guard code == SQLITE_OK else { throw failure(code, "bind") }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(pointer) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw failure(code, "step")
        }
    }

    // Columns are counted from 0, as `StoreRow` counts them; SQLite's C API takes an `Int32`.
    public func isNull(_ column: Int) -> Bool { sqlite3_column_type(pointer, Int32(column)) == SQLITE_NULL }
    public func int64(_ column: Int) -> Int64 { sqlite3_column_int64(pointer, Int32(column)) }
    public func int(_ column: Int) -> Int { Int(int64(column)) }
    public func double(_ column: Int) -> Double { sqlite3_column_double(pointer, Int32(column)) }

    public func text(_ column: Int) -> String {
        guard let bytes = sqlite3_column_text(pointer, Int32(column)) else { return "" }
        return String(cString: bytes)
    }

    public func blob(_ column: Int) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(pointer, Int32(column)))
        guard count > 0, let base = sqlite3_column_blob(pointer, Int32(column)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    public func optionalText(_ column: Int) -> String? { isNull(column) ? nil : text(column) }
    public func optionalDouble(_ column: Int) -> Double? { isNull(column) ? nil : double(column) }
    public func optionalInt(_ column: Int) -> Int? { isNull(column) ? nil : int(column) }

    private func failure(_ code: Int32, _ operation: String) -> SQLiteError {
        SQLiteError(code: code, operation: operation, message: String(cString: sqlite3_errmsg(connection)))
    }
}
