/// A store of the state (the SQLite file or PostgreSQL) could not be read or written. The
/// description is the database's own message with what was being done; never a stored value.
public struct StateStoreError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension SQLiteDatabase {
    /// `perform`, failing as the stores do.
    func storePerform<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Value
    ) async throws(StateStoreError) -> Value {
        do {
            return try await perform(body)
        } catch {
            throw StateStoreError(error.description)
        }
    }
}

extension SQLiteDatabase {
    /// `performTransaction`, failing as the stores do.
    func storeTransaction<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Value
    ) async throws(StateStoreError) -> Value {
        do {
            return try await performTransaction(body)
        } catch {
            throw StateStoreError(error.description)
        }
    }
}

extension PostgresPool {
    /// `perform`, failing as the stores do.
    func storePerform<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> Value
    ) async throws(StateStoreError) -> Value {
        do {
            return try await perform(body)
        } catch {
            throw StateStoreError(error.description)
        }
    }

    /// `transaction`, failing as the stores do.
    func storeTransaction<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> Value
    ) async throws(StateStoreError) -> Value {
        do {
            return try await transaction(body)
        } catch {
            throw StateStoreError(error.description)
        }
    }
}
