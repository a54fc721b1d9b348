import Foundation
import Testing

@testable import TenkiStorage

@Suite("PostgreSQL schema", .enabled(if: PostgresTestDatabase.isEnabled))
struct PostgresSchemaTests {
    @Test("processes starting together migrate once, one at a time, and a restart changes nothing")
    func concurrentMigrations() async throws {
        let url = try await PostgresTestDatabase.freshURL()
        let pools = try (0..<4).map { _ in try PostgresPool(url: url, size: 1) }
        #expect(try await PostgresSchema.currentVersion(pools[0]) == 0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for pool in pools { group.addTask { try await PostgresSchema.migrate(pool) } }
            try await group.waitForAll()
        }
        #expect(try await PostgresSchema.currentVersion(pools[0]) == PostgresSchema.version)
        let versionRows = try PostgresConnection(url: url).query("SELECT count(*) FROM tenki_schema") { $0.int(0) }
        #expect(versionRows == [1])
        let id = try await PostgresDeliveryStore(pool: pools[1]).enqueue(DeliveryFixtures.webhookDelivery("kept"))
        try await PostgresSchema.migrate(try PostgresPool(url: url, size: 1))
        #expect(try await PostgresDeliveryStore(pool: pools[2]).summary(of: id)?.state == .pending)
    }

    @Test("refuses a database migrated by a newer build")
    func newerSchema() async throws {
        let url = try await PostgresTestDatabase.freshURL()
        let pool = try PostgresPool(url: url, size: 1)
        try await PostgresSchema.migrate(pool)
        try PostgresConnection(url: url).execute("UPDATE tenki_schema SET version = 99")
        await #expect(throws: DeliveryStoreError.schemaTooNew(found: 99, supported: PostgresSchema.version)) {
            try await PostgresSchema.migrate(pool)
        }
    }
}
