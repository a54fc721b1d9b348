/// A failed PostgreSQL call: what Tenki was doing, PostgreSQL's SQLSTATE when the server answered,
/// and libpq's message with the password removed. Never carries bound values (webhook URLs and
/// message bodies are secrets); PostgreSQL's messages name tables and constraints.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// libpq is not installed or too old.
        case libraryUnavailable
        /// No connection could be made (server down, wrong host, refused login).
        case connectionFailed
        /// libpq refused the connection string itself (an unknown option, a bad value or escape),
        /// before asking any server: retrying cannot help.
        case unusableConnectionString
        /// The connection broke during a statement (server restarted, network cut): worth retrying.
        case connectionLost
        /// The server refused or failed the statement.
        case statementFailed
    }

    public var kind: Kind
    /// `connect`, `query`, `begin`, `commit`, `migrate`…
    public var operation: String
    /// PostgreSQL's five-character error code (`23505` unique violation), empty when none.
    public var sqlState: String
    public var message: String

    public init(_ kind: Kind, operation: String, sqlState: String = "", message: String) {
        self.kind = kind
        self.operation = operation
        self.sqlState = sqlState
        self.message = message
    }

    public var description: String {
        let code = sqlState.isEmpty ? "" : " (\(sqlState))"
        return "PostgreSQL \(operation) failed\(code): \(message)"
    }

    /// A statement that may succeed when run again: a lost connection, a serialization failure or
    /// deadlock (class 40), or a server shutting down or out of connections (classes 57P, 53, 08).
    public var isTransient: Bool {
        kind == .connectionLost || kind == .connectionFailed || sqlState.hasPrefix("40") || sqlState.hasPrefix("08")
            || sqlState.hasPrefix("53") || sqlState.hasPrefix("57P")
    }
}
