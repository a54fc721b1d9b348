import Foundation
import Testing

@testable import TenkiStorage

@Suite("PostgreSQL connection URL")
struct PostgresURLTests {
    @Test("a URI with a password is shown masked, and the password is redacted from any text")
    func masked() throws {
        let url = try PostgresURL("postgres://tenki:s3cr%40t@db.internal:5432/tenki?sslmode=require")
        // Every query value is masked too (issue 40, item 5): `?password=` is one of libpq's options.
        #expect(url.description == "postgres://tenki:***@db.internal:5432/tenki?sslmode=***")
        #expect(url.redact("failed for s3cr@t and s3cr%40t") == "failed for *** and ***")
    }

    @Test("a short password is masked where it stands alone, never inside the words of a message")
    func shortPassword() throws {
        let url = try PostgresURL("postgres://tenki:on@127.0.0.1:1/db")
        let message = "connection to server at \"127.0.0.1\", port 1 failed: Connection refused"
        #expect(url.redact(message) == message)
        #expect(url.redact("password \"on\" rejected; tried postgres://tenki:on@127.0.0.1:1/db") ==
            "password \"***\" rejected; tried postgres://tenki:***@127.0.0.1:1/db")
        let comma = try PostgresURL("postgres://127.0.0.1:1/db?password=ab,cd")
        #expect(!comma.redact("invalid URI query \"postgres://127.0.0.1:1/db?password=ab,cd\"").contains("cd"))
        let dash = try PostgresURL("postgres://u:-x@127.0.0.1:1/db")
        #expect(dash.redact("near a-x") == "near a***")
        // An occurrence right after another is judged by the text before it, not by where the last one ended.
        let short = try PostgresURL("postgres://u:on@127.0.0.1:1/db")
        #expect(short.redact("onon and on") == "onon and ***")
        let letter = try PostgresURL("postgres://u:p@127.0.0.1:1/db")
        #expect(letter.redact("port 1 failed: accepting TCP/IP; p") == "port 1 failed: accepting TCP/IP; ***")
    }

    @Test(
        "a password holding characters that end a quoted URL is masked whole in the description",
        arguments: ["Pa55,word", "pa;ss", "it's", "DBPASS WORD3", "a<b>c", "tick`tock", "q\"uote", "Pa55%2Cword"])
    func punctuatedPassword(_ password: String) {
        let text = "postgres://tenki:\(password)@127.0.0.1:1/tenki"
        do {
            let url = try PostgresURL(text)
            #expect(url.description == "postgres://tenki:***@127.0.0.1:1/tenki", "\(password)")
            let message = url.redact("the database at \(url) cannot be reached: password for \(password) rejected")
            #expect(!message.contains(password) && !message.contains(password.removingPercentEncoding ?? password))
        } catch {
            #expect(!error.description.contains(password), "\(error.description)")
        }
    }

    @Test(
        "refuses what is not a PostgreSQL URI, without repeating the password",
        arguments: [
            "mysql://u:hunter2@h/db", "not a url", "postgres://u:hunter2@h:port/db", "postgres://u:hunter2@/db",
            "postgres://u:hunter2@x@127.0.0.1:1/db", "postgres://u:hun@ter2@127.0.0.1:1/db?sslmode=disable",
        ])
    func refused(_ text: String) {
        #expect(throws: PostgresURL.Invalid.self) { try PostgresURL(text) }
        do {
            _ = try PostgresURL(text)
        } catch {
            #expect(!error.description.contains("hunter2"))
        }
    }
}

@Suite("PostgreSQL connection and pool", .enabled(if: PostgresTestDatabase.isEnabled))
struct PostgresConnectionTests {
    @Test("parameters of every kind go in as text and come back unchanged")
    func roundTrip() async throws {
        let connection = try PostgresConnection(url: try await PostgresTestDatabase.serverURL())
        let bytes: [UInt8] = [0, 1, 0x7F, 0x80, 0xFF]
        let row = try #require(
            try connection.query(
                "SELECT $1::text, $2::bigint, $3::float8, $4::text IS NULL, $5::bytea, $6::text",
                [.text("Đà Nẵng 東京 'quoted' \\"), .integer(-42), .real(1_800_000_000.25), .null, .blob(bytes), .text("")]
            ) { $0 }.first)
        #expect(row.text(0) == "Đà Nẵng 東京 'quoted' \\")
        #expect(row.int64(1) == -42)
        #expect(row.double(2) == 1_800_000_000.25)
        #expect(row.bool(3))
        #expect(row.blob(4) == bytes)
        #expect(row.optionalText(5) == "")
    }

    @Test("a refused statement is a typed error with its SQLSTATE; the connection stays usable")
    func statementError() async throws {
        let connection = try PostgresConnection(url: try await PostgresTestDatabase.freshURL())
        try connection.execute("CREATE TABLE t (k int PRIMARY KEY)")
        try connection.execute("INSERT INTO t VALUES ($1)", [.integer(1)])
        #expect(throws: PostgresError.self) { try connection.execute("INSERT INTO t VALUES ($1)", [.integer(1)]) }
        do {
            try connection.execute("INSERT INTO t VALUES ($1)", [.integer(1)])
        } catch {
            #expect(error.kind == .statementFailed && error.sqlState == "23505")
        }
        #expect(connection.isUsable)
        #expect(try connection.execute("UPDATE t SET k = 2").affectedRows == 1)
    }

    @Test("a failed connection says why and never shows the password")
    func connectionError() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let url = try PostgresURL("postgres://tenki:hunter2-secret@127.0.0.1:1/tenki?connect_timeout=2")
        do {
            _ = try PostgresConnection(url: url)
            Issue.record("connected to port 1")
        } catch {
            #expect(error.kind == .connectionFailed)
            #expect(error.description.contains("127.0.0.1"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test("the pool never opens more connections than its size, however many tasks ask")
    func bounded() async throws {
        let pool = try PostgresPool(url: try await PostgresTestDatabase.serverURL(), size: 2)
        let backends = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try await pool.perform { connection throws(PostgresError) in
                        try connection.execute("SELECT pg_sleep(0.01)")
                        return connection.backendPID
                    }
                }
            }
            return try await group.reduce(into: Set<Int32>()) { $0.insert($1) }
        }
        #expect(pool.openConnections == 2)
        #expect(backends.count == 2)
    }

    @Test("a connection the server closed is replaced: the next transaction runs on a new one")
    func reconnects() async throws {
        let url = try await PostgresTestDatabase.serverURL()
        let pool = try PostgresPool(url: url, size: 1)
        let first = try await pool.perform { connection throws(PostgresError) in connection.backendPID }
        try PostgresConnection(url: url).execute("SELECT pg_terminate_backend($1::int)", [.integer(Int64(first))])
        let second = try await pool.performTransaction { connection throws(PostgresError) in
            try connection.query("SELECT pg_backend_pid()") { $0.int(0) }.first ?? 0
        }
        #expect(second != 0 && Int32(second) != first)
        #expect(pool.openConnections == 1)
    }
}
