import Foundation
import TenkiTestSupport

@testable import TenkiServices

/// A database of its own for each PostgreSQL test case: a fresh schema on the test server
/// (`TestPostgresServer`), selected through the URL's `search_path`, so cases run in parallel
/// without seeing each other's rows.
enum PostgresTestDatabase {
    /// True when the PostgreSQL cases should run: a server was found or started, or CI requires
    /// them (they then fail with the reason). Says once on stderr when they are left out.
    static let isEnabled: Bool = {
        switch TestPostgresServer.url {
        case .success: return true
        case .failure(let reason):
            if TestPostgresServer.isRequired { return true }
            FileHandle.standardError.write(Data("note: PostgreSQL store cases skipped: \(reason)\n".utf8))
            return false
        }
    }()

    /// A URL whose connections see only a new, empty schema.
    static func freshURL() throws -> PostgresURL {
        let base = try TestPostgresServer.url.get()
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresConnection(url: try PostgresURL(base)).execute("CREATE SCHEMA \(schema)")
        let separator = base.contains("?") ? "&" : "?"
        return try PostgresURL(base + separator + "options=-csearch_path%3D\(schema)")
    }

    /// The server's own URL (for connections that do not need a schema).
    static func serverURL() throws -> PostgresURL {
        try PostgresURL(try TestPostgresServer.url.get())
    }
}
