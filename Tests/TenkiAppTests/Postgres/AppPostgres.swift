import Foundation
import TenkiServices
import TenkiTestSupport

/// A fresh, empty schema on the test PostgreSQL server for each case (`TestPostgresServer`).
enum AppPostgres {
    /// False (with a note on stderr) when no server can be found or started and CI does not require one.
    static let isEnabled: Bool = {
        switch TestPostgresServer.url {
        case .success: return true
        case .failure(let reason):
            if TestPostgresServer.isRequired { return true }
            FileHandle.standardError.write(Data("note: PostgreSQL composition cases skipped: \(reason)\n".utf8))
            return false
        }
    }()

    /// A URL whose connections see only a new schema, for `TENKI_DATABASE_URL`.
    static func freshURL() throws -> String {
        let base = try TestPostgresServer.url.get()
        let schema = "app_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresConnection(url: try PostgresURL(base)).execute("CREATE SCHEMA \(schema)")
        return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }
}
