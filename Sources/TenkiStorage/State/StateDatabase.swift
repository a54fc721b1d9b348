/// A state database as the stores use it (`SQLiteDatabase`, `PostgresPool`): `body` on one of its
/// connections, alone or in a transaction, off the cooperative thread pool.
package protocol StateDatabase: Sendable {
    associatedtype Connection: StoreConnection where Connection.Failure == DatabaseError
    associatedtype DatabaseError: Error & CustomStringConvertible

    func perform<Value: Sendable>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> Value
    ) async throws(DatabaseError) -> Value

    func performTransaction<Value: Sendable>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> Value
    ) async throws(DatabaseError) -> Value
}

extension SQLiteDatabase: StateDatabase {}
extension PostgresPool: StateDatabase {}

/// A store's error made from its database's message (`SQLiteError`, `PostgresError`).
protocol StoreFailure: Error {
    init(databaseMessage: String)
}

extension StateStoreError: StoreFailure {
    init(databaseMessage: String) { self.init(databaseMessage) }
}

extension DeliveryStoreError: StoreFailure {
    init(databaseMessage: String) { self = .storage(databaseMessage) }
}

extension StateDatabase {
    /// `perform`, failing as the stores do: with the database's message as a `Failure`.
    func storePerform<Value: Sendable, Failure: StoreFailure>(
        failing: Failure.Type = StateStoreError.self, _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> Value
    ) async throws(Failure) -> Value {
        try await mappingFailure(to: Failure.self) { () async throws(DatabaseError) in try await perform(body) }
    }

    /// `performTransaction`, failing as the stores do.
    func storeTransaction<Value: Sendable, Failure: StoreFailure>(
        failing: Failure.Type = StateStoreError.self, _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> Value
    ) async throws(Failure) -> Value {
        try await mappingFailure(to: Failure.self) { () async throws(DatabaseError) in try await performTransaction(body) }
    }

    /// `work`, with a database error turned into the store's `Failure`.
    private func mappingFailure<Value, Failure: StoreFailure>(
        to failure: Failure.Type, _ work: () async throws(DatabaseError) -> Value
    ) async throws(Failure) -> Value {
        do {
            return try await work()
        } catch {
            throw Failure(databaseMessage: error.description)
        }
    }
}

/// The outbox's stores and the digest ledger beside it, whose calls fail with `DeliveryStoreError`.
package protocol OutboxStorage {
    associatedtype Database: StateDatabase
    var database: Database { get }
}

extension OutboxStorage {
    /// Off the cooperative thread pool: a call may wait for another process' lock.
    func perform<Value: Sendable>(
        _ body: @escaping @Sendable (Database.Connection) throws(Database.DatabaseError) -> Value
    ) async throws(DeliveryStoreError) -> Value {
        try await database.storePerform(failing: DeliveryStoreError.self, body)
    }

    func transaction<Value: Sendable>(
        _ body: @escaping @Sendable (Database.Connection) throws(Database.DatabaseError) -> Value
    ) async throws(DeliveryStoreError) -> Value {
        try await database.storeTransaction(failing: DeliveryStoreError.self, body)
    }
}

extension PostgresDigestLedger: OutboxStorage {}
extension SQLiteDigestLedger: OutboxStorage {}
