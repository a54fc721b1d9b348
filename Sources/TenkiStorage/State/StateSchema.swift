import CSQLite

/// The schema of the one SQLite state file (`TENKI_STATE`) that the delivery queue, the digest
/// ledger, saved preferences, call budgets, geocoding and weather answers share: one list of
/// migrations, so a file has one version.
public enum StateSchema {
    /// One migration per version (`PRAGMA user_version` holds the number applied).
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
        """,
        // 2: what users saved with `/weather set`.
        """
        CREATE TABLE user_preferences (
            team TEXT NOT NULL,
            user TEXT NOT NULL,
            place TEXT,
            units TEXT,
            updated_at REAL NOT NULL,
            PRIMARY KEY (team, user)
        );
        """,
        // 3: the digest ledger: a (digest, slot) row is claimed in the same transaction that
        // queues the digest's message, so a slot is posted once, whatever crashes.
        """
        CREATE TABLE digest_slots (
            digest TEXT NOT NULL,
            slot REAL NOT NULL,                        -- the scheduled time, seconds since 1970
            delivery_id INTEGER REFERENCES deliveries (id),
            claimed_at REAL NOT NULL,
            headline_urls TEXT NOT NULL DEFAULT '',    -- newline-separated, so the next digest repeats none
            PRIMARY KEY (digest, slot)
        );
        """,
        // 4: daily call budgets (NewsAPI's requests per day), shared by every process on the file.
        """
        CREATE TABLE call_budgets (
            upstream TEXT NOT NULL,
            day INTEGER NOT NULL,                      -- days since 1970-01-01 UTC
            used INTEGER NOT NULL,
            PRIMARY KEY (upstream, day)
        );
        """,
        // 5: geocoding answers (a place name's matches, or none), so a place is resolved once per lifetime.
        """
        CREATE TABLE geocoding_answers (
            query TEXT NOT NULL,                       -- trimmed, lowercased, single-spaced
            language TEXT NOT NULL,
            places TEXT NOT NULL,                      -- JSON array, best first; '[]' when nothing matched
            stored_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            PRIMARY KEY (query, language)
        );
        CREATE INDEX geocoding_answers_expiry ON geocoding_answers (expires_at);
        """,
        // 6: any destination kind (Discord's `@original` and follow-ups, Slack's Web API): the
        // deliveries table without its CHECK on the kind, rebuilt as SQLite requires, keeping ids
        // and the AUTOINCREMENT counter.
        """
        CREATE TABLE deliveries_rebuilt (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            destination_url TEXT NOT NULL,
            destination_kind TEXT NOT NULL,
            destination_host TEXT NOT NULL,
            destination_hash TEXT NOT NULL,
            body BLOB NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
            created_at REAL NOT NULL,
            deadline REAL NOT NULL,
            max_uses INTEGER,
            webhook_lifetime REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL NOT NULL,
            claimed_by TEXT,
            lease_until REAL,
            last_error TEXT,
            finished_at REAL
        );
        INSERT INTO deliveries_rebuilt SELECT * FROM deliveries;
        INSERT INTO sqlite_sequence (name, seq)
            SELECT 'deliveries_rebuilt', seq FROM sqlite_sequence WHERE name = 'deliveries'
            AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'deliveries_rebuilt');
        UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM sqlite_sequence WHERE name = 'deliveries'))
            WHERE name = 'deliveries_rebuilt' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'deliveries');
        DROP TABLE deliveries;
        ALTER TABLE deliveries_rebuilt RENAME TO deliveries;
        CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
        CREATE INDEX deliveries_finished ON deliveries (state, finished_at);
        """,
        // 7: channels' subscriptions: morning reports and rain alerts (their slots go in digest_slots).
        """
        CREATE TABLE subscriptions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,      -- never reused: what `unsubscribe ID` takes
            team TEXT NOT NULL,
            channel TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('morning', 'rain')),
            local_time TEXT,                           -- HH:MM, for morning reports
            days TEXT,                                 -- daily or weekdays, for morning reports
            title TEXT NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            time_zone TEXT NOT NULL,
            language TEXT NOT NULL,
            units TEXT NOT NULL,
            created_by TEXT NOT NULL,
            created_at REAL NOT NULL,
            dead_in_a_row INTEGER NOT NULL DEFAULT 0,
            paused_reason TEXT
        );
        CREATE INDEX subscriptions_channel ON subscriptions (team, channel);
        """,
        // 8: the next turn to post to a destination paced across processes (a Slack channel).
        """
        CREATE TABLE destination_pacing (
            destination_hash TEXT PRIMARY KEY,
            next_at REAL NOT NULL                      -- no post before this, seconds since 1970
        );
        """,
        // 9: commands acknowledged with a placeholder whose answer is still owed (PendingCommandStore).
        """
        CREATE TABLE pending_commands (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            payload BLOB NOT NULL,                     -- the command, without the request's secrets
            destination_url TEXT NOT NULL,             -- a secret: never listed, logged or counted
            destination_kind TEXT NOT NULL,
            created_at REAL NOT NULL,
            claimed_by TEXT NOT NULL,
            lease_until REAL NOT NULL,                 -- on SQLite's clock (the machine's), seconds since 1970
            claims INTEGER NOT NULL DEFAULT 0          -- takeovers after a lease ended
        );
        CREATE INDEX pending_commands_lease ON pending_commands (lease_until);
        """,
        // 10: the per-user rate limit's token buckets (used on PostgreSQL; kept here so both schemas match).
        """
        CREATE TABLE token_buckets (
            key TEXT PRIMARY KEY,                      -- team/user
            tokens REAL NOT NULL,
            updated_at REAL NOT NULL                   -- seconds since 1970
        );
        CREATE INDEX token_buckets_idle ON token_buckets (updated_at);
        """,
        // 11: a claim whose cost does not depend on the backlog (the same indexes as PostgreSQL's 6).
        SQLOutboxIndexes.claim,
        // 12: Slack installations per workspace (InstallationStore; tokens sealed, never in clear), the
        // OAuth `state`s of install pages in flight, and the installation key on what is queued for a
        // team (NULL in single-team mode), so an uninstall removes it.
        InstallationSchema.sqlite,
        // 13: Events API deliveries already taken, by event_id (SeenEventStore); subscriptions by creator (the Home tab).
        SeenEventSchema.sqlite,
        // 14: the installation key on preferences and subscriptions, so an org-wide uninstall removes its teams' rows.
        InstallationKeySchema.sqlite,
        // 15: weather answers while they are fresh (WeatherAnswerStore), so a restart asks again only for what expired.
        WeatherAnswerSchema.sqlite,
    ]

    /// The version a file has once migrated.
    public static var version: Int { migrations.count }

    /// Brings the file up to `schemaVersion`. Each step runs in a `BEGIN IMMEDIATE` transaction and
    /// re-reads the version inside it, so two processes starting together migrate once.
    ///
    /// Foreign keys are off while migrating, as SQLite's procedure for rebuilding a table asks
    /// (version 6 rebuilds `deliveries`, which `digest_slots` refers to), and checked afterwards.
    public static func migrate(_ database: SQLiteDatabase) throws(DeliveryStoreError) {
        do {
            guard try database.withConnection({ connection throws(SQLiteError) in try userVersion(connection) }) != version else {
                return
            }
            try database.withConnection { connection throws(SQLiteError) in try connection.execute("PRAGMA foreign_keys=OFF") }
            defer { try? database.withConnection { connection throws(SQLiteError) in try connection.execute("PRAGMA foreign_keys=ON") } }
            for target in 1...version {
                let current = try database.transaction { connection throws(SQLiteError) -> Int in
                    let version = try userVersion(connection)
                    guard version == target - 1 else { return version }
                    try connection.execute(migrations[target - 1])
                    let broken = try connection.query("PRAGMA foreign_key_check") { $0.text(0) }
                    guard broken.isEmpty else {
                        throw SQLiteError(code: SQLITE_CONSTRAINT, operation: "migrate to version \(target)",
                                          message: "foreign keys broken in \(Set(broken).sorted().joined(separator: ", "))")
                    }
                    try connection.execute("PRAGMA user_version = \(target)")
                    return target
                }
                if current > version {
                    throw DeliveryStoreError.schemaTooNew(found: current, supported: version)
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

    public static func userVersion(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
        try connection.query("PRAGMA user_version") { $0.int(0) }.first ?? 0
    }
}
