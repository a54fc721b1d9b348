import Foundation

/// What a row of either state database offers (`SQLiteStatement`, `PostgresRow`): its columns by
/// index from 0, typed. A model is read from a row once, for both stores, through this.
protocol StoreRow {
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
protocol StoreValue {
    static var null: Self { get }
    static func integer(_ value: Int64) -> Self
    static func real(_ value: Double) -> Self
    static func text(_ value: String) -> Self
    static func blob(_ value: [UInt8]) -> Self
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
