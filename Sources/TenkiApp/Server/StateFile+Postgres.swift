import Foundation
import TenkiCore
import TenkiSecurity
import TenkiStorage

extension StateFile {
    /// Connects to PostgreSQL (loading libpq only now, so a SQLite deployment never does) and
    /// creates or migrates the schema, blocking, before anything is served. Errors name
    /// `TENKI_DATABASE_URL` and never show the password: a missing libpq or a schema from a newer
    /// build is a configuration error, and so is a connection string libpq cannot use (an unknown
    /// option, a bad value or escape: retrying would fail the same way); a server that cannot be
    /// reached or refuses is a `TemporaryFailure` (exit 75: worth retrying, e.g. while the
    /// database starts).
    static func openPostgres(
        _ url: PostgresURL, poolSize: Int, clock: any WallClock, sealer: TokenSealer? = nil
    ) throws -> StateFile {
        let pool: PostgresPool
        do {
            pool = try PostgresPool(url: url, size: poolSize)
        } catch {
            throw ConfigurationError(
                \.databaseURL, problem: "is set, but \(error.message)",
                fix: "install libpq (Debian: apt-get install libpq5), or unset it to keep the state in SQLite")
        }
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            if error.kind == .unusableConnectionString {
                throw ConfigurationError(
                    \.databaseURL, problem: "cannot be used: \(error.message)",
                    fix: "correct it (libpq's URI form: postgres://HOST:PORT/DATABASE, the user and password before the host, "
                        + "options after a ?)")
            }
            throw TemporaryFailure(
                url.redact("the database at \(url) (\(SettingsTable.name(\.databaseURL))) cannot be reached: \(error.message)"))
        }
        do {
            try PostgresSchema.migrate(connection: connection)
        } catch .schemaTooNew(let found, let supported) {
            throw ConfigurationError(
                \.databaseURL,
                problem: "names a database at schema version \(found), newer than this build's \(supported)",
                fix: "run the newer tenki, or point it at another database")
        } catch {
            throw TemporaryFailure(
                url.redact("the database at \(url) (\(SettingsTable.name(\.databaseURL))) could not be migrated: \(error)"))
        }
        var state = StateFile(stores: StateStores.postgresMigrated(pool, clock: clock))
        if let sealer { state.installations = InstallationStores.postgres(pool, sealer: sealer, clock: clock) }
        return state
    }
}
