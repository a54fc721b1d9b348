import TenkiSecurity

/// A statement parameter, sent to the server as text (`PQexecParams` with text formats).
public enum PostgresValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// For a `bytea` parameter: sent in PostgreSQL's hex form (`\x0a1b…`).
    case blob([UInt8])

    /// The text PostgreSQL parses, or nil for SQL NULL.
    var text: String? {
        switch self {
        case .null: nil
        case .integer(let value): String(value)
        case .real(let value): "\(value)"
        case .text(let value): value
        case .blob(let value): "\\x" + HexBytes.encode(value)
        }
    }
}

/// One row of a result, as text (libpq's text format), read by column index.
public struct PostgresRow: Sendable {
    let values: [String?]

    public func isNull(_ column: Int) -> Bool { values[column] == nil }
    public func text(_ column: Int) -> String { values[column] ?? "" }
    public func optionalText(_ column: Int) -> String? { values[column] }
    public func int64(_ column: Int) -> Int64 { values[column].flatMap { Int64($0) } ?? 0 }
    public func int(_ column: Int) -> Int { Int(int64(column)) }
    public func optionalInt(_ column: Int) -> Int? { values[column].flatMap { Int($0) } }
    public func double(_ column: Int) -> Double { optionalDouble(column) ?? 0 }
    public func optionalDouble(_ column: Int) -> Double? { values[column].flatMap { Double($0) } }
    public func bool(_ column: Int) -> Bool { values[column] == "t" }

    /// A `bytea` column, from the hex form PostgreSQL sends by default (`bytea_output = hex`).
    public func blob(_ column: Int) -> [UInt8] {
        guard let text = values[column], text.hasPrefix("\\x") else { return [] }
        return HexBytes.decode(String(text.dropFirst(2))) ?? []
    }
}

/// What a statement returned: its rows (empty for a command) and how many rows it touched.
public struct PostgresResult: Sendable {
    public let rows: [PostgresRow]
    public let affectedRows: Int
}
