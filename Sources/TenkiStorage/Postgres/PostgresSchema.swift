/// The schema of the state in PostgreSQL (`TENKI_DATABASE_URL`): the same tables as the SQLite
/// file (`StateSchema`), with PostgreSQL's types, in one list of migrations. The version applied
/// is the one row of `tenki_schema`.
public enum PostgresSchema {
    /// Append, never edit: a database in the field may be at any earlier version.
    static let migrations: [String] = [
        // 1: everything the SQLite file holds at its version 5.
        """
        CREATE TABLE deliveries (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,   -- never reused after a prune
            kind text NOT NULL,
            destination_url text NOT NULL,                        -- a secret: never listed, logged or counted
            destination_kind text NOT NULL CHECK (destination_kind IN ('response_url', 'webhook')),
            destination_host text NOT NULL,
            destination_hash text NOT NULL,
            body bytea NOT NULL,
            state text NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
            created_at double precision NOT NULL,                 -- seconds since 1970, like every time here
            deadline double precision NOT NULL,
            max_uses integer,                                     -- NULL: no limit
            webhook_lifetime double precision NOT NULL,           -- deadline - created_at, for a retry's new window
            attempts integer NOT NULL DEFAULT 0,
            next_attempt_at double precision NOT NULL,
            claimed_by text,
            lease_until double precision,
            last_error text,
            finished_at double precision
        );
        CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
        CREATE INDEX deliveries_finished ON deliveries (state, finished_at);
        CREATE TABLE user_preferences (
            team text NOT NULL,
            "user" text NOT NULL,
            place text,
            units text,
            updated_at double precision NOT NULL,
            PRIMARY KEY (team, "user")
        );
        CREATE TABLE digest_slots (
            digest text NOT NULL,
            slot double precision NOT NULL,
            delivery_id bigint,                                   -- no foreign key: pruning a delivered message keeps its slot
            claimed_at double precision NOT NULL,
            headline_urls text NOT NULL DEFAULT '',
            PRIMARY KEY (digest, slot)
        );
        CREATE TABLE call_budgets (
            upstream text NOT NULL,
            day integer NOT NULL,
            used integer NOT NULL,
            PRIMARY KEY (upstream, day)
        );
        CREATE TABLE geocoding_answers (
            query text NOT NULL,
            language text NOT NULL,
            places text NOT NULL,
            stored_at double precision NOT NULL,
            expires_at double precision NOT NULL,
            PRIMARY KEY (query, language)
        );
        CREATE INDEX geocoding_answers_expiry ON geocoding_answers (expires_at);
        """,
        // 2: the SQLite file's versions 6 and 7: any destination kind, and channels' subscriptions.
        """
        ALTER TABLE deliveries DROP CONSTRAINT IF EXISTS deliveries_destination_kind_check;
        CREATE TABLE subscriptions (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            team text NOT NULL,
            channel text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('morning', 'rain')),
            local_time text,
            days text,
            title text NOT NULL,
            latitude double precision NOT NULL,
            longitude double precision NOT NULL,
            time_zone text NOT NULL,
            language text NOT NULL,
            units text NOT NULL,
            created_by text NOT NULL,
            created_at double precision NOT NULL,
            dead_in_a_row integer NOT NULL DEFAULT 0,
            paused_reason text
        );
        CREATE INDEX subscriptions_channel ON subscriptions (team, channel);
        """,
        // 3: the SQLite file's version 8: the next turn to post to a destination paced across replicas.
        """
        CREATE TABLE destination_pacing (
            destination_hash text PRIMARY KEY,
            next_at double precision NOT NULL
        );
        """,
        // 4: the SQLite file's version 9: commands whose answer is still owed.
        """
        CREATE TABLE pending_commands (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            payload bytea NOT NULL,
            destination_url text NOT NULL,
            destination_kind text NOT NULL,
            created_at double precision NOT NULL,
            claimed_by text NOT NULL,
            lease_until double precision NOT NULL,                -- on the database server's clock
            claims integer NOT NULL DEFAULT 0
        );
        CREATE INDEX pending_commands_lease ON pending_commands (lease_until);
        """,
        // 5: the SQLite file's version 10: the per-user rate limit's token buckets.
        """
        CREATE TABLE token_buckets (
            key text PRIMARY KEY,
            tokens double precision NOT NULL,
            updated_at double precision NOT NULL
        );
        CREATE INDEX token_buckets_idle ON token_buckets (updated_at);
        """,
        // 6: the SQLite file's version 11: the indexes a claim and a round read instead of the table.
        SQLOutboxIndexes.claim,
        // 7: the SQLite file's version 12: installations, OAuth states, installation keys on queued work.
        InstallationSchema.postgres,
        // 8: the SQLite file's version 13: Events API deliveries already taken (SeenEventStore), subscriptions by creator.
        SeenEventSchema.postgres,
        // 9: the SQLite file's version 14: the installation key on preferences and subscriptions.
        InstallationKeySchema.postgres,
        // 10: the SQLite file's version 15: weather answers while they are fresh (WeatherAnswerStore).
        WeatherAnswerSchema.postgres,
    ]

    /// The version a database has once migrated.
    public static var version: Int { migrations.count }

    /// The key of the transaction-scoped advisory lock that makes processes starting together
    /// migrate one at a time (transaction-scoped, so a pooler in transaction mode keeps it right).
    static let migrationLock: Int64 = 0x7465_6E6B_6931  // "tenki1"

    /// Brings the database up to `version`, in one transaction under the advisory lock: DDL is
    /// transactional in PostgreSQL, so a crash mid-migration leaves the previous version whole.
    public static func migrate(_ pool: PostgresPool) async throws(DeliveryStoreError) {
        let found = try await pool.storePerform(failing: DeliveryStoreError.self) { connection throws(PostgresError) -> Int in
            try migrate(on: connection)
        }
        if found > version { throw .schemaTooNew(found: found, supported: version) }
    }

    /// `migrate` on one connection, blocking: for a process' start, before it serves anything.
    public static func migrate(connection: PostgresConnection) throws(DeliveryStoreError) {
        let found: Int
        do {
            found = try migrate(on: connection)
        } catch {
            throw .storage(error.description)
        }
        if found > version { throw .schemaTooNew(found: found, supported: version) }
    }

    /// Returns the version found when it is newer than this build's, else the version reached.
    private static func migrate(on connection: PostgresConnection) throws(PostgresError) -> Int {
        let supported = version
        return try PostgresPool.transaction(on: connection) { connection throws(PostgresError) -> Int in
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(migrationLock)])
            // Created only when missing: `IF NOT EXISTS` would print a server notice on every start.
            let exists = try connection.query("SELECT to_regclass('tenki_schema') IS NOT NULL") { $0.bool(0) }.first ?? false
            if !exists { try connection.execute("CREATE TABLE tenki_schema (version integer NOT NULL)") }
            let current = try connection.query("SELECT version FROM tenki_schema") { $0.int(0) }.first
            if current == nil { try connection.execute("INSERT INTO tenki_schema (version) VALUES (0)") }
            let start = current ?? 0
            guard start < supported else { return start }
            for target in (start + 1)...supported {
                try connection.executeScript(migrations[target - 1])
            }
            try connection.execute("UPDATE tenki_schema SET version = $1", [.integer(Int64(supported))])
            return supported
        }
    }

    /// The version the database is at (0 before the first migration).
    public static func currentVersion(_ pool: PostgresPool) async throws(DeliveryStoreError) -> Int {
        try await pool.storePerform(failing: DeliveryStoreError.self) { connection throws(PostgresError) -> Int in
            let exists = try connection.query("SELECT to_regclass('tenki_schema') IS NOT NULL") { $0.bool(0) }.first ?? false
            guard exists else { return 0 }
            return try connection.query("SELECT version FROM tenki_schema") { $0.int(0) }.first ?? 0
        }
    }
}
