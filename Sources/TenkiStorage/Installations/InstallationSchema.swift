/// The tables of installations and OAuth states, and the installation key added to what is queued
/// for a team: one migration for each database (SQLite's version 12, PostgreSQL's 7), the same
/// columns with each one's types.
enum InstallationSchema {
    static let sqlite = """
        CREATE TABLE installations (
            installation_key TEXT PRIMARY KEY,         -- enterprise id of an org-wide install, else team id
            is_enterprise_install INTEGER NOT NULL,    -- 0 or 1
            team_id TEXT,                              -- NULL for an org-wide install
            team_name TEXT,
            enterprise_id TEXT,
            enterprise_name TEXT,
            bot_user_id TEXT NOT NULL,
            bot_token TEXT NOT NULL,                   -- sealed (TokenSealer): base64, never the token
            refresh_token TEXT,                        -- sealed; NULL without token rotation
            token_expires_at REAL,                     -- when bot_token expires; NULL without rotation
            scopes TEXT NOT NULL,                      -- ,-separated
            installer_user_id TEXT,
            installed_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            refresh_claimed_by TEXT,                   -- the replica refreshing the token, under a lease
            refresh_lease_until REAL
        );
        CREATE INDEX installations_expiry ON installations (token_expires_at);
        CREATE TABLE oauth_states (
            state_hash TEXT PRIMARY KEY,               -- HMAC of the state: the state itself is never stored
            cookie_hash TEXT NOT NULL,                 -- HMAC of the browser cookie it is bound to
            expires_at REAL NOT NULL
        );
        CREATE INDEX oauth_states_expiry ON oauth_states (expires_at);
        ALTER TABLE deliveries ADD COLUMN installation_key TEXT;
        ALTER TABLE pending_commands ADD COLUMN installation_key TEXT;
        CREATE INDEX deliveries_installation ON deliveries (installation_key) WHERE installation_key IS NOT NULL;
        CREATE INDEX pending_commands_installation ON pending_commands (installation_key) WHERE installation_key IS NOT NULL;
        """

    static let postgres = """
        CREATE TABLE installations (
            installation_key text PRIMARY KEY,
            is_enterprise_install integer NOT NULL,
            team_id text,
            team_name text,
            enterprise_id text,
            enterprise_name text,
            bot_user_id text NOT NULL,
            bot_token text NOT NULL,
            refresh_token text,
            token_expires_at double precision,
            scopes text NOT NULL,
            installer_user_id text,
            installed_at double precision NOT NULL,
            updated_at double precision NOT NULL,
            refresh_claimed_by text,
            refresh_lease_until double precision
        );
        CREATE INDEX installations_expiry ON installations (token_expires_at);
        CREATE TABLE oauth_states (
            state_hash text PRIMARY KEY,
            cookie_hash text NOT NULL,
            expires_at double precision NOT NULL
        );
        CREATE INDEX oauth_states_expiry ON oauth_states (expires_at);
        ALTER TABLE deliveries ADD COLUMN installation_key text;
        ALTER TABLE pending_commands ADD COLUMN installation_key text;
        CREATE INDEX deliveries_installation ON deliveries (installation_key) WHERE installation_key IS NOT NULL;
        CREATE INDEX pending_commands_installation ON pending_commands (installation_key) WHERE installation_key IS NOT NULL;
        """
}

/// The installation key on what a team saves (SQLite's version 14, PostgreSQL's 9): preferences
/// and subscriptions record the key of the installation that answered when they were saved (an
/// Enterprise Grid org-wide install's is the enterprise id, while the rows keep the workspace's
/// team), so an uninstall deletes by the key, as it already does for deliveries and pending
/// commands. Rows saved before get their team, the key of every install but an org-wide one.
enum InstallationKeySchema {
    /// The same statements on both databases (SQLite reads `text` as its `TEXT`).
    static let sqlite = postgres

    static let postgres = """
        ALTER TABLE user_preferences ADD COLUMN installation_key text;
        UPDATE user_preferences SET installation_key = team;
        ALTER TABLE subscriptions ADD COLUMN installation_key text;
        UPDATE subscriptions SET installation_key = team;
        CREATE INDEX user_preferences_installation ON user_preferences (installation_key);
        CREATE INDEX subscriptions_installation ON subscriptions (installation_key);
        """
}
