/// A store of the state (the SQLite file or PostgreSQL) could not be read or written. The
/// description is the database's own message with what was being done; never a stored value.
public struct StateStoreError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
