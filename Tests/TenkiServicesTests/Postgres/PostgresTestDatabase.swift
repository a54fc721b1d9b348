import Foundation
import TenkiTestSupport

@testable import TenkiStorage

/// A database of its own for each PostgreSQL test case: a fresh schema on the test server
/// (`TestPostgresServer`), selected through the URL's `search_path`, so cases run in parallel
/// without seeing each other's rows.
enum PostgresTestDatabase {
    /// True when the PostgreSQL cases should run: a server is given or can be started, or CI
    /// requires them (they then fail with the reason). Says once on stderr when they are left out.
    static let isEnabled: Bool = {
        if !TestPostgresServer.isAvailable {
            FileHandle.standardError.write(
                Data("note: PostgreSQL store cases skipped: \(TestPostgresServer.unavailableReason)\n".utf8))
        }
        return TestPostgresServer.isAvailable
    }()

    /// A URL whose connections see only a new, empty schema.
    static func freshURL() async throws -> PostgresURL {
        let base = try await TestPostgresServer.url()
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await TestPostgresServer.offThePool {
            try PostgresConnection(url: try PostgresURL(base)).execute("CREATE SCHEMA \(schema)")
        }
        let separator = base.contains("?") ? "&" : "?"
        return try PostgresURL(base + separator + "options=-csearch_path%3D\(schema)")
    }

    /// The server's own URL (for connections that do not need a schema).
    static func serverURL() async throws -> PostgresURL {
        try PostgresURL(try await TestPostgresServer.url())
    }
}
