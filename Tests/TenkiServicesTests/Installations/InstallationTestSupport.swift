import Foundation
import TenkiCore
import TenkiTestSupport

@testable import TenkiSecurity
@testable import TenkiStorage

enum InstallationFixtures {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let newKey = EncryptionKey(bytes: Array(repeating: 0x5A, count: 32))!
    static let oldKey = EncryptionKey(bytes: Array(repeating: 0xA5, count: 32))!
    static let sealer = TokenSealer(keys: EncryptionKeys(current: newKey))

    /// A workspace's install; `rotating` adds a refresh token expiring an hour after `start`.
    static func workspace(
        _ team: String = "T1", enterprise: String? = nil, token: String? = nil, rotating: Bool = false
    ) -> Installation {
        Installation(
            teamID: team, teamName: "Team \(team)", enterpriseID: enterprise, enterpriseName: enterprise.map { "Org \($0)" },
            botUserID: "B\(team)", botToken: SlackBotToken(token ?? "xoxb-\(team)-secret-bot-token")!,
            rotation: rotating
                ? TokenRotation(
                    refreshToken: SlackRefreshToken("xoxe-1-\(team)-secret-refresh")!, expiresAt: start.addingTimeInterval(3600))
                : nil,
            scopes: ["commands", "chat:write", "users:read"], installerUserID: "U\(team)", installedAt: start)
    }

    /// An org-wide install of `enterprise`.
    static func organisation(_ enterprise: String = "E1") -> Installation {
        Installation(
            teamID: nil, enterpriseID: enterprise, enterpriseName: "Org \(enterprise)", isEnterpriseInstall: true,
            botUserID: "B\(enterprise)", botToken: SlackBotToken("xoxb-\(enterprise)-org-bot-token")!, scopes: ["commands"],
            installerUserID: "U0", installedAt: start)
    }
}

extension SharedTestState {
    /// The installation stores on a new handle onto this state (migrated through `open`), as
    /// another replica would have them.
    func openInstallations(
        sealer: TokenSealer = InstallationFixtures.sealer, clock: any WallClock = ManualClock(InstallationFixtures.start)
    ) async throws -> InstallationStores {
        _ = try await open(clock: clock)
        switch backend {
        case .sqlite: return try InstallationStores.sqlite(try SQLiteDatabase(path: path!), sealer: sealer, clock: clock)
        case .postgres: return InstallationStores.postgres(try PostgresPool(url: url!, size: 2), sealer: sealer, clock: clock)
        case .memory: throw StateStoreError("no in-memory installation store")
        }
    }

    /// The one integer `sql` selects, on a new connection.
    func count(_ sql: String) throws -> Int {
        switch backend {
        case .sqlite:
            try SQLiteDatabase(path: path!).withConnection { connection throws(SQLiteError) in
                try connection.query(sql) { $0.int(0) }.first ?? -1
            }
        case .postgres:
            try PostgresConnection(url: url!).query(sql) { $0.int(0) }.first ?? -1
        case .memory:
            -1
        }
    }

    /// Rows keyed to the installation `key` in each table an uninstall empties.
    func rowsKeyed(to key: String) throws -> [String: Int] {
        var rows: [String: Int] = [:]
        for table in ["installations", "user_preferences", "subscriptions", "deliveries", "pending_commands"] {
            rows[table] = try count("SELECT count(*) FROM \(table) WHERE installation_key = '\(key)'")
        }
        return rows
    }

    /// Rows saved by `team` (whatever installation answered it) in the tables that name the team.
    func rowsOfTeam(_ team: String) throws -> [String: Int] {
        [
            "user_preferences": try count("SELECT count(*) FROM user_preferences WHERE team = '\(team)'"),
            "subscriptions": try count("SELECT count(*) FROM subscriptions WHERE team = '\(team)'"),
        ]
    }
}
