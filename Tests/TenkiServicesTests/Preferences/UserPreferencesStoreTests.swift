import Foundation
import TenkiCore
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiStorage

/// Saved preferences, one suite for memory, SQLite and PostgreSQL.
@Suite("Saved preferences")
struct UserPreferencesStoreTests {
    @Test("save, read back across connections, update one field, forget; users are per team", arguments: StoreBackend.all)
    func roundTrip(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let alice = UserKey(team: "T1", user: "U1")
        let store = try await state.open().preferences
        #expect(try await store.preferences(for: alice) == UserPreferences())
        try await store.save(UserPreferences(place: "Da Nang, VN", units: nil), for: alice)
        try await store.save(UserPreferences(place: "Da Nang, VN", units: .imperial), for: alice)
        let other = try await state.open().preferences
        #expect(try await other.preferences(for: alice) == UserPreferences(place: "Da Nang, VN", units: .imperial))
        #expect(try await other.preferences(for: UserKey(team: "T2", user: "U1")) == UserPreferences())
        try await other.forget(alice)
        #expect(try await store.preferences(for: alice) == UserPreferences())
    }

    @Test("the delivery store and the preferences share one schema version")
    func oneSchema() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-schema-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try SQLiteDatabase(path: path)
        _ = try SQLiteUserPreferencesStore(database: database)
        let deliveries = try SQLiteDeliveryStore(database: database)
        #expect(try await deliveries.schemaVersion() == StateSchema.version)
    }
}
