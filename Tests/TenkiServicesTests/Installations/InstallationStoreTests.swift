import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiSecurity
@testable import TenkiStorage

/// Installations, one suite for SQLite and PostgreSQL: every test opens its stores on new handles,
/// as separate replicas would.
@Suite("Installation store")
struct InstallationStoreTests {
    typealias Fixtures = InstallationFixtures

    @Test(
        "saved, read back from another handle with every field; a workspace's own install wins over its org's",
        arguments: StoreBackend.durable)
    func roundTrip(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.openInstallations().installations
        let rotating = Fixtures.workspace("T1", enterprise: "E1", rotating: true)
        try await store.save(rotating)
        try await store.save(Fixtures.workspace("T2"))
        try await store.save(Fixtures.organisation("E1"))
        let other = try await state.openInstallations().installations
        #expect(try await other.installation(enterprise: "E1", team: "T1") == rotating)
        #expect(try await other.installation(enterprise: nil, team: "T1") == rotating)
        #expect(try await other.installation(enterprise: nil, team: "T2") == Fixtures.workspace("T2"))
        #expect(try await other.installation(enterprise: "E1", team: "T9") == Fixtures.organisation("E1"))
        #expect(try await other.installation(enterprise: nil, team: "T9") == nil)
        #expect(try await other.installation(enterprise: "E2", team: "T9") == nil)
        #expect(
            try await other.installation(enterprise: nil, team: "E1") == nil,
            "an org-wide install answers only with its enterprise")
        #expect(try await other.count() == 3, "two workspaces and one organisation")
    }

    @Test("installing again replaces the installation; one without a key is refused", arguments: StoreBackend.durable)
    func replace(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.openInstallations().installations
        try await store.save(Fixtures.workspace("T1", rotating: true))
        let again = Fixtures.workspace("T1", token: "xoxb-T1-second")
        try await store.save(again)
        #expect(try await store.installation(enterprise: nil, team: "T1") == again)
        #expect(try state.count("SELECT count(*) FROM installations") == 1)
        var keyless = Fixtures.organisation()
        keyless.enterpriseID = nil
        await #expect(throws: InstallationStoreError.missingKey) { try await store.save(keyless) }
    }

    @Test("tokens_revoked: deleting one installation leaves the others and the team's data", arguments: StoreBackend.durable)
    func deleteInstallation(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = try await state.open()
        let store = try await state.openInstallations().installations
        try await store.save(Fixtures.workspace("T1"))
        try await store.save(Fixtures.workspace("T2"))
        try await stores.preferences.save(UserPreferences(place: "Tokyo"), for: UserKey(team: "T1", user: "U1"))
        #expect(try await store.deleteInstallation(key: "T1"))
        #expect(try await !store.deleteInstallation(key: "T1"))
        #expect(try await store.installation(enterprise: nil, team: "T1") == nil)
        #expect(try await store.installation(enterprise: nil, team: "T2") != nil)
        #expect(try await stores.preferences.preferences(for: UserKey(team: "T1", user: "U1")).place == "Tokyo")
    }

    @Test("no token in clear: not in the SQLite file's bytes, not in PostgreSQL's rows as text", arguments: StoreBackend.durable)
    func tokensSealedAtRest(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.openInstallations().installations
        for team in ["T1", "T2", "T3"] { try await store.save(Fixtures.workspace(team, rotating: true)) }
        try await store.save(Fixtures.organisation("E1"))
        try await store.save(Fixtures.workspace("T4", token: "xoxp-T4-user-token-by-mistake"))
        #expect(try await store.installation(enterprise: nil, team: "T1")?.botToken.value == "xoxb-T1-secret-bot-token")
        #expect(try state.count("SELECT count(*) FROM installations") == 5)
        switch backend {
        case .sqlite:
            var bytes = Data()
            for suffix in ["", "-wal"] {
                bytes += FileManager.default.contents(atPath: state.path! + suffix) ?? Data()
            }
            #expect(bytes.count > 0)
            for prefix in ["xoxb-", "xoxe-", "xoxp-", "secret-bot-token"] {
                #expect(bytes.range(of: Data(prefix.utf8)) == nil, "\(prefix) found in the state file")
            }
        default:
            let clear = try state.count(
                """
                SELECT count(*) FROM installations AS i
                WHERE i::text LIKE '%xoxb-%' OR i::text LIKE '%xoxe-%' OR i::text LIKE '%xoxp-%' OR i::text LIKE '%secret%'
                """)
            #expect(clear == 0)
            // A backup of the schema, as pg_dump writes it (where pg_dump is installed).
            let dump = try state.postgresDump()
            #expect(dump != nil || !FileManager.default.isExecutableFile(atPath: "/usr/bin/pg_dump"), "pg_dump failed")
            if let dump {
                #expect(dump.contains("COPY ") && dump.contains("installations"))
                for prefix in ["xoxb-", "xoxe-", "xoxp-", "secret-bot-token"] {
                    #expect(!dump.contains(prefix), "\(prefix) found in pg_dump's output")
                }
            }
        }
    }

    @Test(
        "NEW,OLD: a token sealed under OLD is read and sealed again under NEW; OLD alone then cannot read it",
        arguments: StoreBackend.durable)
    func keyRotation(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let old = TokenSealer(keys: EncryptionKeys(current: Fixtures.oldKey))
        let rotating = TokenSealer(keys: EncryptionKeys(current: Fixtures.newKey, previous: Fixtures.oldKey))
        let new = TokenSealer(keys: EncryptionKeys(current: Fixtures.newKey))
        let installation = Fixtures.workspace("T1", rotating: true)
        try await state.openInstallations(sealer: old).installations.save(installation)
        await #expect(throws: InstallationStoreError.unreadableToken(installationKey: "T1", .unknownKey)) {
            try await state.openInstallations(sealer: new).installations.installation(enterprise: nil, team: "T1")
        }
        #expect(
            try await state.openInstallations(sealer: rotating).installations.installation(enterprise: nil, team: "T1")
                == installation)
        #expect(
            try await state.openInstallations(sealer: new).installations.installation(enterprise: nil, team: "T1") == installation
        )
        await #expect(throws: InstallationStoreError.unreadableToken(installationKey: "T1", .unknownKey)) {
            try await state.openInstallations(sealer: old).installations.installation(enterprise: nil, team: "T1")
        }
    }

    @Test(
        "a row changed in the database does not open: the error names the installation, never a token",
        arguments: StoreBackend.durable)
    func tamperedRow(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.openInstallations().installations
        try await store.save(Fixtures.workspace("T1"))
        try await store.save(Fixtures.workspace("T2"))
        // T2's sealed token copied into T1's row: sealed for another installation.
        let copy =
            "UPDATE installations SET bot_token = (SELECT bot_token FROM installations WHERE installation_key = 'T2') "
            + "WHERE installation_key = 'T1'"
        try state.execute(sqlite: copy, postgres: copy)
        do {
            _ = try await store.installation(enterprise: nil, team: "T1")
            Issue.record("a swapped token was accepted")
        } catch {
            #expect(error == .unreadableToken(installationKey: "T1", .notAuthentic))
            #expect(!error.description.contains("xox"))
        }
    }
}
