import Foundation

/// What a row of either state database offers (`SQLiteStatement`, `PostgresRow`): its columns by
/// index from 0, typed. A model is read from a row once, for both stores, through this.
package protocol StoreRow {
    func text(_ column: Int) -> String
    func optionalText(_ column: Int) -> String?
    func int64(_ column: Int) -> Int64
    func int(_ column: Int) -> Int
    func optionalInt(_ column: Int) -> Int?
    func double(_ column: Int) -> Double
    func optionalDouble(_ column: Int) -> Double?
    func blob(_ column: Int) -> [UInt8]
}

/// A statement parameter of either state database (`SQLiteValue`, `PostgresValue`), so a model's
/// parameters are listed once for both stores.
package protocol StoreValue: Sendable {
    static var null: Self { get }
    static func integer(_ value: Int64) -> Self
    static func real(_ value: Double) -> Self
    static func text(_ value: String) -> Self
    static func blob(_ value: [UInt8]) -> Self
}

/// A connection of either state database, as the shared statements use it. Their SQL is written
/// once, with PostgreSQL's `$1` parameters, which SQLite reads too (`SQLiteStatement.bind`).
package protocol StoreConnection {
    associatedtype Parameter: StoreValue
    associatedtype ResultRow: StoreRow
    associatedtype Failure: Error

    func query<Mapped>(
        _ sql: String, _ values: [Parameter], row: (ResultRow) throws(Failure) -> Mapped
    ) throws(Failure) -> [Mapped]

    /// Runs one statement; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [Parameter]) throws(Failure) -> Int

    /// Holds off every other transaction that takes the same `key` until this one ends.
    func lockUntilCommit(_ key: String) throws(Failure)
}

extension SQLiteConnection: StoreConnection {
    package typealias Parameter = SQLiteValue
    package typealias ResultRow = SQLiteStatement
    package typealias Failure = SQLiteError

    /// Nothing to take: a transaction (`BEGIN IMMEDIATE`) already holds the file's one write lock.
    package func lockUntilCommit(_ key: String) {}
}

extension PostgresConnection: StoreConnection {
    package typealias Parameter = PostgresValue
    package typealias ResultRow = PostgresRow
    package typealias Failure = PostgresError

    @discardableResult
    package func run(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) -> Int {
        try execute(sql, values).affectedRows
    }

    package func lockUntilCommit(_ key: String) throws(PostgresError) {
        _ = try execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [.text(key)])
    }
}

extension SQLiteStatement: StoreRow {}
extension PostgresRow: StoreRow {}
extension SQLiteValue: StoreValue {}
extension PostgresValue: StoreValue {}

extension StoreRow {
    /// A column of seconds since 1970, the form every time is stored in.
    func date(_ column: Int) -> Date { Date(timeIntervalSince1970: double(column)) }
    func optionalDate(_ column: Int) -> Date? { optionalDouble(column).map { Date(timeIntervalSince1970: $0) } }
}

extension StoreValue {
    /// A time as seconds since 1970, the form every time is stored in.
    static func date(_ date: Date) -> Self { .real(date.timeIntervalSince1970) }
}
