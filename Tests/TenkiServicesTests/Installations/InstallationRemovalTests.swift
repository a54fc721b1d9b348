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

    /// One team's rows in every table an uninstall empties.
    static func seed(
        _ team: String, in state: SharedTestState, stores: StateStores, installations: any InstallationStore
    ) async throws {
        try await installations.save(Fixtures.workspace(team, rotating: true))
        for user in ["U1", "U2"] {
            try await stores.preferences.save(UserPreferences(place: "Da Nang"), for: UserKey(team: team, user: user))
        }
        let subscription = try SubscriptionStoreTests.added(
            try await stores.subscriptions.add(SubscriptionStoreTests.subscription(team: team), limit: 10))
        var delivery = DeliveryFixtures.webhookDelivery("for \(team)")
        delivery.installationKey = team
        let deliveryID = try await stores.deliveries.enqueue(delivery)
        _ = try await stores.deliveries.enqueue(delivery)
        let command = NewPendingCommand(
            payload: Array("weather".utf8), destination: DeliveryFixtures.webhook, destinationKind: .responseURL,
            createdAt: Fixtures.start, installationKey: team)
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
