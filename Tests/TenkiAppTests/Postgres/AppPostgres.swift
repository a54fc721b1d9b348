import Foundation
import TenkiStorage
import TenkiTestSupport

/// A fresh, empty schema on the test PostgreSQL server for each case (`TestPostgresServer`).
enum AppPostgres {
    /// False (with a note on stderr) when no server can be found or started and CI does not require one.
    static let isEnabled: Bool = {
        if !TestPostgresServer.isAvailable {
            FileHandle.standardError.write(
                Data("note: PostgreSQL composition cases skipped: \(TestPostgresServer.unavailableReason)\n".utf8))
        }
        return TestPostgresServer.isAvailable
    }()

    /// A URL whose connections see only a new schema, for `TENKI_DATABASE_URL`.
    static func freshURL() async throws -> String {
        let base = try await TestPostgresServer.url()
        let schema = "app_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await TestPostgresServer.offThePool {
            try PostgresConnection(url: try PostgresURL(base)).execute("CREATE SCHEMA \(schema)")
        }
        return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }
}
