import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiStorage

/// `app_uninstalled`: the installation and everything its team saved go, in one transaction;
/// another team's rows and the shared geocoding cache stay. One suite for SQLite and PostgreSQL.
@Suite("Installation store: uninstall")
struct InstallationRemovalTests {
    typealias Fixtures = InstallationFixtures

    /// One workspace's install and its rows in every table an uninstall empties.
    static func seed(
        _ team: String, in state: SharedTestState, stores: StateStores, installations: any InstallationStore
    ) async throws {
        try await installations.save(Fixtures.workspace(team, rotating: true))
        try await seedRows(of: team, key: team, in: state, stores: stores)
    }

    /// What `team` saves and queues under the installation keyed `key` (its own, or its
    /// organisation's org-wide one): two users' preferences, a subscription with its schedule
    /// slot, two deliveries and a pending command.
    static func seedRows(of team: String, key: String, in state: SharedTestState, stores: StateStores) async throws {
        for user in ["U1", "U2"] {
            try await stores.preferences.save(
                UserPreferences(place: "Da Nang"), for: UserKey(team: team, user: user, installation: key))
        }
        var draft = SubscriptionStoreTests.subscription(team: team)
        draft.installationKey = key
        let subscription = try SubscriptionStoreTests.added(try await stores.subscriptions.add(draft, limit: 10))
        #expect(subscription.installationKey == key)
        var delivery = DeliveryFixtures.webhookDelivery("for \(team)")
        delivery.installationKey = key
        let deliveryID = try await stores.deliveries.enqueue(delivery)
        _ = try await stores.deliveries.enqueue(delivery)
        let command = NewPendingCommand(
            payload: Array("weather".utf8), destination: DeliveryFixtures.webhook, destinationKind: .responseURL,
            createdAt: Fixtures.start, installationKey: key)
        _ = try await stores.deliveries.hold(command, owner: "replica-1", lease: 3600)
        // The subscription's schedule slot, naming its delivery (as `SubscriptionDigests` records it).
        let slot = """
            INSERT INTO digest_slots (digest, slot, delivery_id, claimed_at)
                VALUES ('subscription:\(subscription.id)', 1, \(deliveryID.rawValue), 0);
            """
        try state.execute(sqlite: slot, postgres: slot)
    }

    @Test(
        "removes the installation, preferences, subscriptions, deliveries, pending commands of one team only",
        arguments: StoreBackend.durable)
    func uninstall(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = try await state.open()
        let installations = try await state.openInstallations().installations
        try await Self.seed("T1", in: state, stores: stores, installations: installations)
        try await Self.seed("T2", in: state, stores: stores, installations: installations)
        let geocode =
            "INSERT INTO geocoding_answers (query, language, places, stored_at, expires_at) VALUES ('tokyo', 'en', '[]', 0, 1e10)"
        try state.execute(sqlite: geocode, postgres: geocode)
        let before = try state.rowsKeyed(to: "T1")
        #expect(
            before == ["installations": 1, "user_preferences": 2, "subscriptions": 1, "deliveries": 2, "pending_commands": 1])

        let removed = try await installations.deleteEverything(key: "T1")

        #expect(
            removed == InstallationRemoval(installations: 1, preferences: 2, subscriptions: 1, deliveries: 2, pendingCommands: 1))
        #expect(try state.rowsKeyed(to: "T1").values.allSatisfy { $0 == 0 })
        #expect(try state.rowsKeyed(to: "T2") == before, "the other team keeps everything")
        #expect(try state.count("SELECT count(*) FROM digest_slots") == 1, "only the other team's slot is left")
        #expect(try state.count("SELECT count(*) FROM geocoding_answers") == 1, "geocodes are a shared cache")
        #expect(try await installations.installation(enterprise: nil, team: "T2") == Fixtures.workspace("T2", rotating: true))
        #expect(try await installations.deleteEverything(key: "T1") == InstallationRemoval(), "a second uninstall finds nothing")
    }

    @Test(
        "an org-wide install's uninstall removes what each of its teams saved and queued; a workspace's own install keeps all",
        arguments: StoreBackend.durable)
    func organisationUninstall(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = try await state.open()
        let installations = try await state.openInstallations().installations
        try await installations.save(Fixtures.organisation("E1"))
        for team in ["T1", "T2"] { try await Self.seedRows(of: team, key: "E1", in: state, stores: stores) }
        try await Self.seed("W1", in: state, stores: stores, installations: installations)
        let before = try state.rowsKeyed(to: "E1")
        #expect(
            before == ["installations": 1, "user_preferences": 4, "subscriptions": 2, "deliveries": 4, "pending_commands": 2])
        #expect(try state.rowsOfTeam("T1") == ["user_preferences": 2, "subscriptions": 1])
        let workspace = try state.rowsKeyed(to: "W1")
        #expect(
            workspace == ["installations": 1, "user_preferences": 2, "subscriptions": 1, "deliveries": 2, "pending_commands": 1])
        #expect(try await installations.installation(enterprise: "E1", team: "T2")?.key == "E1", "the org's install answers T2")

        let removed = try await installations.deleteEverything(key: "E1")

        #expect(
            removed == InstallationRemoval(installations: 1, preferences: 4, subscriptions: 2, deliveries: 4, pendingCommands: 2))
        let after = try state.rowsKeyed(to: "E1")
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
        for team in ["T1", "T2"] { #expect(try state.rowsOfTeam(team).values.allSatisfy { $0 == 0 }, "\(team)") }
        #expect(try state.rowsKeyed(to: "W1") == workspace, "the other workspace keeps everything")
        #expect(try state.count("SELECT count(*) FROM digest_slots") == 1, "only the workspace's slot is left")
        #expect(try await installations.installation(enterprise: "E1", team: "T1") == nil)
        #expect(try await installations.installation(enterprise: nil, team: "W1") == Fixtures.workspace("W1", rotating: true))
    }

    @Test(
        "a workspace's own install inside an organisation is removed by its team: the organisation's rows stay",
        arguments: StoreBackend.durable)
    func workspaceInsideOrganisation(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = try await state.open()
        let installations = try await state.openInstallations().installations
        try await installations.save(Fixtures.organisation("E1"))
        try await Self.seedRows(of: "T1", key: "E1", in: state, stores: stores)
        try await installations.save(Fixtures.workspace("T2", enterprise: "E1"))
        try await Self.seedRows(of: "T2", key: "T2", in: state, stores: stores)
        let organisation = try state.rowsKeyed(to: "E1")

        let removed = try await installations.deleteEverything(key: "T2")

        #expect(
            removed == InstallationRemoval(installations: 1, preferences: 2, subscriptions: 1, deliveries: 2, pendingCommands: 1))
        #expect(try state.rowsOfTeam("T2").values.allSatisfy { $0 == 0 })
        #expect(try state.rowsKeyed(to: "E1") == organisation)
        #expect(try await installations.installation(enterprise: "E1", team: "T2")?.key == "E1", "T2 falls back to its org")
    }

    @Test(
        "rows saved before the installation key was recorded get their team as key, and go with its uninstall",
        arguments: StoreBackend.durable)
    func migrationKeysExistingRows(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        // The state as the previous version left it (SQLite 13, PostgreSQL 8), with one team's rows.
        let rows = """
            INSERT INTO user_preferences (team, "user", place, units, updated_at) VALUES ('T1', 'U1', 'Hue', NULL, 0);
            INSERT INTO subscriptions (team, channel, kind, title, latitude, longitude, time_zone, language, units,
                created_by, created_at) VALUES ('T1', 'C1', 'rain', 'Hue, VN', 16.4, 107.6, 'UTC', 'en', 'metric', 'U1', 0);
            """
        switch backend {
        case .sqlite:
            try SQLiteDatabase(path: state.path!).withConnection { connection throws(SQLiteError) in
                for migration in StateSchema.migrations.prefix(13) { try connection.execute(migration) }
                try connection.execute("PRAGMA user_version = 13;" + rows)
            }
        case .postgres:
            let connection = try PostgresConnection(url: state.url!)
            for migration in PostgresSchema.migrations.prefix(8) { try connection.executeScript(migration) }
            try connection.executeScript(
                "CREATE TABLE tenki_schema (version integer NOT NULL); INSERT INTO tenki_schema VALUES (8);")
            try connection.executeScript(rows)
        case .memory:
            return
        }
        let installations = try await state.openInstallations().installations
        let keys = "SELECT count(*) FROM user_preferences WHERE installation_key = 'T1'"
        #expect(try state.count(keys) == 1)
        #expect(try state.count("SELECT count(*) FROM subscriptions WHERE installation_key = 'T1'") == 1)
        let removed = try await installations.deleteEverything(key: "T1")
        #expect(removed == InstallationRemoval(preferences: 1, subscriptions: 1))
    }

    @Test("single-team mode's rows (no installation key) are not touched by an uninstall", arguments: StoreBackend.durable)
    func singleTeamRowsKept(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = try await state.open()
        let installations = try await state.openInstallations().installations
        _ = try await stores.deliveries.enqueue(DeliveryFixtures.webhookDelivery("digest"))
        let command = NewPendingCommand(
            payload: Array("weather".utf8), destination: DeliveryFixtures.webhook, destinationKind: .responseURL,
            createdAt: Fixtures.start)
        _ = try await stores.deliveries.hold(command, owner: "replica-1", lease: 3600)
        _ = try await installations.deleteEverything(key: "T1")
        #expect(try state.count("SELECT count(*) FROM deliveries WHERE installation_key IS NULL") == 1)
        #expect(try state.count("SELECT count(*) FROM pending_commands WHERE installation_key IS NULL") == 1)
    }
}
