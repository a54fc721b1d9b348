import Foundation
import Testing

@testable import TenkiStorage

/// A database that is slow or away costs a bounded time: a statement past the timeout is cancelled,
/// and while the server refuses connections, callers fail at once instead of each trying again.
@Suite("PostgreSQL pool when the database is slow or away")
struct PostgresPoolResilienceTests {
    @Test("a URI gets a connect timeout and TCP keepalives unless it sets its own")
    func connectTimeout() throws {
        let added = "connect_timeout=5&keepalives_idle=5&keepalives_interval=2&keepalives_count=3"
        #expect(try PostgresURL("postgres://u@h/db").connectionString == "postgres://u@h/db?" + added)
        #expect(try PostgresURL("postgres://u@h/db?sslmode=require").connectionString == "postgres://u@h/db?sslmode=require&" + added)
        #expect(
            try PostgresURL("postgres://u@h/db?connect_timeout=2&keepalives_idle=30").connectionString
                == "postgres://u@h/db?connect_timeout=2&keepalives_idle=30&keepalives_interval=2&keepalives_count=3")
    }

    @Test("after a refused connect, callers get the failure at once until the backoff has passed")
    func connectBackoff() async throws {
        // Port 1 on loopback: nothing listens there, so each connect is refused at once.
        let pool = try PostgresPool(url: try PostgresURL("postgres://tenki@127.0.0.1:1/tenki"), size: 2)
        for _ in 0..<5 {
            await #expect(throws: PostgresError.self) {
                try await pool.perform { connection throws(PostgresError) in connection.backendPID }
            }
        }
        #expect(pool.connectAttempts == 1, "one connect tried; the others were refused by the backoff")
        #expect(pool.openConnections == 0, "every refused slot was given back")
    }

    @Test(
        "a statement longer than the timeout is cancelled, and the connection serves the next caller",
        .enabled(if: PostgresTestDatabase.isEnabled))
    func statementTimeout() async throws {
        let pool = try PostgresPool(url: try await PostgresTestDatabase.serverURL(), size: 1, statementTimeout: .milliseconds(300))
        do {
            _ = try await pool.perform { connection throws(PostgresError) in try connection.execute("SELECT pg_sleep(30)") }
            Issue.record("a 30 s statement was not cancelled")
        } catch {
            #expect(error.sqlState == "57014")
            #expect(error.description.contains("statement timeout"))
        }
        let one = try await pool.perform { connection throws(PostgresError) in
            try connection.query("SELECT 1") { $0.int(0) }.first
        }
        #expect(one == 1)
        #expect(pool.openConnections == 1)
    }
}
