import CTenkiSystem
import Foundation
import Synchronization

/// One libpq connection. Blocking: every call waits for the server, so it is only used on the
/// pool's own threads (`PostgresPool`), never on Swift's cooperative pool, and by one caller at a
/// time (`@unchecked Sendable`: the pool hands it to one task, which gives it back when done).
///
/// Statements go through `PQexecParams` with text parameters and no named prepared statement, so
/// nothing outlives a statement on the server: a pooler in transaction mode (PgBouncer) works.
public final class PostgresConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private let url: PostgresURL
    /// What asks the server to stop this connection's running statement (`cancel(work:)`).
    private let cancelHandle: OpaquePointer?
    /// Bumped when a caller's work starts and ends, so a late cancel never stops the next caller's.
    private let work = Mutex<UInt64>(0)

    /// Loads libpq on first use and connects.
    public init(url: PostgresURL) throws(PostgresError) {
        try Self.loadLibrary()
        guard let handle = tenki_pq_connect(url.connectionString) else {
            throw PostgresError(.connectionFailed, operation: "connect", message: "libpq is out of memory")
        }
        guard tenki_pq_connection_ok(handle) != 0 else {
            let raw = Self.trimmed(String(cString: tenki_pq_connection_error(handle)))
            tenki_pq_finish(handle)
            // Judged on libpq's own words, before the password is taken out of them.
            let kind: PostgresError.Kind = Self.isUnusableConnectionString(raw) ? .unusableConnectionString : .connectionFailed
            throw PostgresError(kind, operation: "connect", message: url.redact(raw))
        }
        self.handle = handle
        self.url = url
        self.cancelHandle = tenki_pq_cancel_handle_for(handle)
    }

    /// libpq's words for a connection string it cannot use, before any server is asked (its
    /// option parsing: `invalid sslmode value`, `invalid port number`, `invalid URI query
    /// parameter`, `invalid percent-encoded token`, `missing "=" after …`), as opposed to a server
    /// it cannot reach (`connection to server at … failed`, `could not translate host name`).
    static func isUnusableConnectionString(_ message: String) -> Bool {
        let words = message.lowercased()
        return ["invalid ", "missing \"=\"", "missing key/value separator", "extra key/value separator",
            "unterminated quoted string", "unexpected character", "forbidden value", "could not match ",
            "ipv6 host address may not be empty", "end of string reached when looking for matching"]
            .contains { words.hasPrefix($0) }
    }

    deinit {
        tenki_pq_cancel_handle_free(cancelHandle)
        tenki_pq_finish(handle)
    }

    /// Marks the start of a caller's work; pass the result to `cancel(work:)`.
    func beginWork() -> UInt64 {
        work.withLock { generation in
            generation += 1
            return generation
        }
    }

    /// Marks the end of the work `beginWork` started: a cancel for it does nothing from now on.
    func endWork() {
        work.withLock { $0 += 1 }
    }

    /// Asks the server to stop the statement of `generation`'s work, if that work is still
    /// running; the statement then fails with SQLSTATE 57014. Safe from any thread.
    func cancel(work generation: UInt64) {
        work.withLock { current in
            guard current == generation else { return }
            _ = tenki_pq_cancel(cancelHandle)
        }
    }

    /// Loads libpq, once per process; throws `.libraryUnavailable` saying what to install.
    public static func loadLibrary() throws(PostgresError) {
        var message = [CChar](repeating: 0, count: 256)
        guard tenki_pq_load(&message, message.count) != 0 else { return }
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        throw PostgresError(.libraryUnavailable, operation: "load", message: text)
    }

    /// False once the connection broke (the server restarted or the network was cut).
    public var isUsable: Bool { tenki_pq_connection_ok(handle) != 0 }

    /// The server process serving this connection (for `pg_terminate_backend` in tests).
    public var backendPID: Int32 { tenki_pq_backend_pid(handle) }

    /// Runs one statement with `$1`, `$2`… bound to `parameters`.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresResult {
        let texts = parameters.map { $0.text }
        let result = Self.withCStrings(texts) { pointers in
            tenki_pq_exec(handle, sql, Int32(pointers.count), pointers.baseAddress)
        }
        return try collect(result)
    }

    /// Runs several `;`-separated statements without parameters (a migration), in the caller's
    /// transaction if one is open.
    public func executeScript(_ sql: String) throws(PostgresError) {
        _ = try collect(tenki_pq_exec_script(handle, sql))
    }

    /// The rows of `result`, which is freed; a failed result as a typed error.
    private func collect(_ result: OpaquePointer?) throws(PostgresError) -> PostgresResult {
        defer { tenki_pq_clear(result) }
        guard let result, tenki_pq_result_ok(result) != 0 else {
            let sqlState = result.map { String(cString: tenki_pq_result_sqlstate($0)) } ?? ""
            let raw = result.map { String(cString: tenki_pq_result_error($0)) } ?? ""
            let message = url.redact(Self.trimmed(raw.isEmpty ? String(cString: tenki_pq_connection_error(handle)) : raw))
            let kind: PostgresError.Kind = isUsable ? .statementFailed : .connectionLost
            throw PostgresError(kind, operation: "query", sqlState: sqlState, message: message)
        }
        let rowCount = Int(tenki_pq_rows(result)), columnCount = Int(tenki_pq_columns(result))
        var rows: [PostgresRow] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            let values = (0..<columnCount).map { column -> String? in
                tenki_pq_value(result, Int32(row), Int32(column)).map { String(cString: $0) }
            }
            rows.append(PostgresRow(values: values))
        }
        return PostgresResult(rows: rows, affectedRows: Int(tenki_pq_affected_rows(result)))
    }

    /// Rows only, mapped: `try connection.query("SELECT …", [...]) { $0.int(0) }`.
    public func query<Row>(
        _ sql: String, _ parameters: [PostgresValue] = [], row: (PostgresRow) throws(PostgresError) -> Row
    ) throws(PostgresError) -> [Row] {
        var mapped: [Row] = []
        for each in try execute(sql, parameters).rows { mapped.append(try row(each)) }
        return mapped
    }

    /// Runs `body` with NUL-terminated copies of `texts` (nil stays a NULL pointer: SQL NULL).
    private static func withCStrings<Result>(
        _ texts: [String?], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = texts.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }

    /// libpq's messages end in a newline and may span lines: one line for a log.
    private static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
