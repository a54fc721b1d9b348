import Foundation
import TenkiCore
import TenkiSecurity

/// OAuth states in the state database, the SQLite file or PostgreSQL: the same statements on both.
/// A state is used up by one `DELETE … RETURNING`, so two replicas given the same state cannot
/// both accept it.
final class SQLOAuthStateStore<Database: StateDatabase>: OAuthStateStore {
    private let database: Database
    private let clock: any WallClock
    private let lifetime: TimeInterval

    init(database: Database, clock: any WallClock, lifetime: TimeInterval = OAuthStateGrant.lifetime) {
        self.database = database
        self.clock = clock
        self.lifetime = lifetime
    }

    func issue() async throws(StateStoreError) -> OAuthStateGrant {
        let now = clock.now()
        let grant = OAuthStateGrant(
            state: OAuthStateGrant.randomToken(), cookie: OAuthStateGrant.randomToken(),
            expiresAt: now.addingTimeInterval(lifetime))
        let values: [Database.Connection.Parameter] = [
            .text(OAuthStateGrant.storedHash(grant.state, label: "state")),
            .text(OAuthStateGrant.storedHash(grant.cookie, label: "cookie")), .date(grant.expiresAt),
        ]
        try await database.storeTransaction { connection throws(Database.DatabaseError) in
            // States nobody came back with: forgotten once expired (the index makes this a short range scan).
            try connection.run("DELETE FROM oauth_states WHERE expires_at < $1", [.date(now)])
            try connection.run("INSERT INTO oauth_states (state_hash, cookie_hash, expires_at) VALUES ($1, $2, $3)", values)
        }
        return grant
    }

    func consume(_ state: String, cookie: String?) async throws(StateStoreError) -> OAuthStateCheck {
        let now = clock.now()
        let hash = OAuthStateGrant.storedHash(state, label: "state")
        let found = try await database.storePerform { connection throws(Database.DatabaseError) in
            try connection.query(
                "DELETE FROM oauth_states WHERE state_hash = $1 RETURNING cookie_hash, expires_at", [.text(hash)]
            ) { (cookieHash: $0.text(0), expiresAt: $0.date(1)) }.first
        }
        guard let found else { return .unknown }
        guard now < found.expiresAt else { return .expired }
        guard let cookie, !cookie.isEmpty else { return .missingCookie }
        let presented = OAuthStateGrant.storedHash(cookie, label: "cookie")
        return HMACSHA256.constantTimeEquals(Array(presented.utf8), Array(found.cookieHash.utf8)) ? .valid : .wrongCookie
    }
}
