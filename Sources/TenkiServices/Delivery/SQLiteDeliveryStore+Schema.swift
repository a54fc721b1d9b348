extension SQLiteDeliveryStore {
    /// The schema, one migration per version (`PRAGMA user_version` holds the number applied).
    /// Append, never edit: a file in the field may be at any earlier version.
    static let migrations: [String] = [
        // 1: the outbox.
        """
        CREATE TABLE deliveries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,      -- AUTOINCREMENT: ids are never reused after a prune
            kind TEXT NOT NULL,
            destination_url TEXT NOT NULL,             -- a secret: never listed, logged or counted
            destination_kind TEXT NOT NULL CHECK (destination_kind IN ('response_url', 'webhook')),
            destination_host TEXT NOT NULL,
            destination_hash TEXT NOT NULL,
            body BLOB NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
            created_at REAL NOT NULL,                  -- seconds since 1970, like every time here
            deadline REAL NOT NULL,
            max_uses INTEGER,                          -- NULL: no limit
            webhook_lifetime REAL NOT NULL,            -- deadline - created_at, for a retry's new window
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL NOT NULL,
            claimed_by TEXT,
            lease_until REAL,
            last_error TEXT,
            finished_at REAL
        );
        CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
        CREATE INDEX deliveries_finished ON deliveries (state, finished_at);
        """
    ]

    static var schemaVersion: Int { migrations.count }

    /// Brings the file up to `schemaVersion`. Each step runs in a `BEGIN IMMEDIATE` transaction and
    /// re-reads the version inside it, so two processes starting together migrate once.
    static func migrate(_ database: SQLiteDatabase) throws(DeliveryStoreError) {
        do {
            for target in 1...schemaVersion {
                let current = try database.transaction { connection throws(SQLiteError) -> Int in
                    let version = try userVersion(connection)
                    guard version == target - 1 else { return version }
                    try connection.execute(migrations[target - 1])
                    try connection.execute("PRAGMA user_version = \(target)")
                    return target
                }
                if current > schemaVersion {
                    throw DeliveryStoreError.schemaTooNew(found: current, supported: schemaVersion)
                }
            }
        } catch let error as DeliveryStoreError {
            throw error
        } catch let error as SQLiteError {
            throw .storage(error.description)
        } catch {
            throw .storage(String(describing: error))
        }
    }

    static func userVersion(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
        try connection.query("PRAGMA user_version") { $0.int(0) }.first ?? 0
    }
}
