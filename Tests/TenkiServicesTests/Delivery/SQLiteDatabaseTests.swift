import Foundation
import Testing

@testable import TenkiStorage

@Suite("SQLite wrapper")
struct SQLiteDatabaseTests {
    @Test("typed binding and columns round-trip; a failed transaction rolls back")
    func roundTrip() throws {
        let file = try TemporaryStateFile()
        let database = try SQLiteDatabase(path: file.path)
        try database.withConnection { connection throws(SQLiteError) in
            try connection.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
            try connection.run(
                "INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)", [.integer(42), .real(1.5), .text("日本"), .blob([0, 1, 255]), .null])
        }
        let rows = try database.withConnection { connection throws(SQLiteError) in
            try connection.query("SELECT i, r, s, b, n FROM t") { row in
                "\(row.int(0)) \(row.double(1)) \(row.text(2)) \(row.blob(3)) \(row.optionalText(4) ?? "nil")"
            }
        }
        #expect(rows == ["42 1.5 日本 [0, 1, 255] nil"])
        #expect(throws: SQLiteError.self) {
            try database.transaction { connection throws(SQLiteError) in
                try connection.run("INSERT INTO t (i) VALUES (1)")
                try connection.run("INSERT INTO nowhere VALUES (1)")
            }
        }
        let count = try database.withConnection { connection throws(SQLiteError) in
            try connection.query("SELECT COUNT(*) FROM t") { $0.int(0) }
        }
        #expect(count == [1])
    }

    @Test("a statement run again is prepared once and leaves no binding behind; its own text inside its row mapping is prepared apart")
    func preparedOnce() throws {
        let file = try TemporaryStateFile()
        let database = try SQLiteDatabase(path: file.path)
        let select = "SELECT s FROM t WHERE i = $1 OR ($1 IS NULL AND i IS NULL)"
        // Opening the database ran statements of its own.
        let before = try database.withConnection { connection throws(SQLiteError) in connection.statements.count }
        let (first, second, nested, kept) = try database.withConnection { connection throws(SQLiteError) in
            try connection.execute("CREATE TABLE t (i INTEGER, s TEXT)")
            try connection.run("INSERT INTO t VALUES ($1, $2)", [.integer(1), .text("one")])
            try connection.run("INSERT INTO t VALUES ($1, $2)", [.integer(2), .text("two")])
            let first = try connection.query(select, [.integer(1)]) { $0.text(0) }
            let kept = connection.statements.count
            // Unbound, the parameter is NULL: a binding left over from the last use would answer "one".
            let second = try connection.query(select, []) { $0.text(0) }
            let nested = try connection.query(select, [.integer(2)]) { row throws(SQLiteError) in
                row.text(0) + "+" + (try connection.query(select, [.integer(1)]) { $0.text(0) }).joined()
            }
            return (first, second, nested, kept)
        }
        #expect(first == ["one"])
        #expect(second == [])
        #expect(nested == ["two+one"])
        // The INSERT's text and the SELECT's, each kept once.
        #expect(kept == before + 2)
        #expect(try database.withConnection { connection throws(SQLiteError) in connection.statements.count } == before + 2)
    }

    @Test("errors carry SQLite's message, never a bound value")
    func errorsHideValues() throws {
        let file = try TemporaryStateFile()
        let database = try SQLiteDatabase(path: file.path)
        let secret = "https://hooks.slack.com/services/T/B/SECRET"
        do {
            try database.withConnection { connection throws(SQLiteError) in
                try connection.execute("CREATE TABLE u (url TEXT UNIQUE)")
                try connection.run("INSERT INTO u VALUES (?1)", [.text(secret)])
                try connection.run("INSERT INTO u VALUES (?1)", [.text(secret)])
            }
            Issue.record("expected a constraint error")
        } catch {
            #expect(error.code & 0xFF == 19)
            #expect(error.description.contains("UNIQUE"))
            #expect(!error.description.contains("SECRET"))
        }
    }

    @Test("PostgreSQL's $n parameters bind by their number, in whatever order they first appear, and may repeat")
    func dollarParameters() throws {
        let file = try TemporaryStateFile()
        let database = try SQLiteDatabase(path: file.path)
        let row = try database.withConnection { connection throws(SQLiteError) in
            try connection.query("SELECT $3, $1, $2, $3 || $1", [.text("a"), .integer(2), .text("c")]) { row in
                [row.text(0), row.text(1), row.text(2), row.text(3)]
            }
        }
        #expect(row == [["c", "a", "2", "ca"]])
    }
}
