import Foundation
import Testing
@testable import TenkiStorage

/// A `TENKI_DATABASE_URL` that libpq cannot use is a configuration error (78: fix the setting),
/// not a temporary failure (75: a restart loop that can never succeed); a server that refuses
/// stays a temporary failure.
@Suite("TENKI_DATABASE_URL: unusable or unreachable")
struct DatabaseURLErrorTests {
    @Test("libpq's own words tell a connection string it cannot use from a server it cannot reach")
    func classification() {
        for unusable in [
            "invalid sslmode value: \"bogus\"", "invalid port number: \"99999\"",
            "invalid integer value \"abc\" for connection option \"connect_timeout\"",
            "invalid URI query parameter: \"foo\"", "invalid percent-encoded token: \"***\"",
            "missing \"=\" after \"x\" in connection info string\n",
        ] {
            #expect(PostgresConnection.isUnusableConnectionString(unusable), "\(unusable)")
        }
        for unreachable in [
            "connection to server at \"127.0.0.1\", port 1 failed: Connection refused",
            "could not translate host name \"db\" to address: Name or service not known",
            "connection to server on socket \"/run/postgresql/.s.PGSQL.5432\" failed: No such file or directory",
        ] {
            #expect(!PostgresConnection.isUnusableConnectionString(unreachable), "\(unreachable)")
        }
    }

    @Test("as a process: a bad sslmode exits 78 naming the setting; a refusing server exits 75 (with libpq installed)")
    func exitCodes() async throws {
        guard TenkiRun.isBuilt() else { return }
        let libpq = ["/usr/lib/x86_64-linux-gnu/libpq.so.5", "/usr/lib/aarch64-linux-gnu/libpq.so.5", "/usr/lib/libpq.so.5"]
        guard libpq.contains(where: FileManager.default.fileExists(atPath:)) else { return }
        let environment = ["OPENWEATHER_API_KEY": "x", "SLACK_SIGNING_SECRET": "s"]
        var badOption = environment
        badOption["TENKI_DATABASE_URL"] = "postgres://user:PW-SHOULD-NOT-LEAK@127.0.0.1:1/db?sslmode=bogus"
        let bad = try await TenkiRun.run(["serve", "--host", "127.0.0.1", "--port", "0", "--no-scheduler"], badOption)
        #expect(bad.status == 78, "\(bad.stderr)")
        #expect(bad.stderr.contains("configuration error: TENKI_DATABASE_URL cannot be used: invalid sslmode value"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("PW-SHOULD-NOT-LEAK"), "\(bad.stderr)")
        // Judged before the password is masked: a one-letter password that occurs in libpq's words
        // ("inv***lid") must not turn the configuration error back into a temporary failure.
        var shortPassword = environment
        shortPassword["TENKI_DATABASE_URL"] = "postgres://user:a@127.0.0.1:1/db?sslmode=bogus"
        let short = try await TenkiRun.run(["serve", "--host", "127.0.0.1", "--port", "0", "--no-scheduler"], shortPassword)
        #expect(short.status == 78, "\(short.stderr)")
        var refusing = environment
        refusing["TENKI_DATABASE_URL"] = "postgres://user:PW-SHOULD-NOT-LEAK@127.0.0.1:1/db"
        let refused = try await TenkiRun.run(["serve", "--host", "127.0.0.1", "--port", "0", "--no-scheduler"], refusing)
        #expect(refused.status == 75, "\(refused.stderr)")
        #expect(!refused.stderr.contains("PW-SHOULD-NOT-LEAK"), "\(refused.stderr)")
    }
}
