import Foundation
import TenkiCore
import Testing

@testable import TenkiServices

@Suite("SQLite delivery store: the state file")
struct SQLiteDeliveryStoreTests {
    let start = DeliveryFixtures.start

    @Test("migrates an empty file to the current version, in WAL mode, and reopens it unchanged")
    func migrations() async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        #expect(try await store.schemaVersion() == StateSchema.version)
        #expect(StateSchema.version == 6)
        let id = try await store.enqueue(DeliveryFixtures.webhookDelivery("hello"))
        let reopened = try SQLiteDeliveryStore(path: file.path)
        #expect(try await reopened.schemaVersion() == 6)
        #expect(try await reopened.summary(of: id)?.state == .pending)
        let database = try SQLiteDatabase(path: file.path)
        let mode = try database.withConnection { connection throws(SQLiteError) in
            try connection.query("PRAGMA journal_mode") { $0.text(0) }
        }
        #expect(mode == ["wal"])
    }

    @Test("refuses a file from a newer version")
    func newerSchema() async throws {
        let file = try TemporaryStateFile()
        _ = try SQLiteDeliveryStore(path: file.path)
        let database = try SQLiteDatabase(path: file.path)
        try database.withConnection { connection throws(SQLiteError) in try connection.execute("PRAGMA user_version = 99") }
        #expect(throws: DeliveryStoreError.schemaTooNew(found: 99, supported: StateSchema.version)) {
            _ = try SQLiteDeliveryStore(path: file.path)
        }
    }
}
