import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiStorage

/// The backends a store suite runs against: each test takes one as its argument, so one test
/// body checks every implementation. PostgreSQL is left out (with a note on stderr) when no server
/// can be found or started, unless CI requires it (`PostgresTestDatabase`).
enum StoreBackend: String, Sendable, CustomTestStringConvertible {
    /// The in-memory stores of `preview` and tests (budgets, geocoding, preferences, subscriptions only).
    case memory
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The backends that keep state across processes.
    static var durable: [StoreBackend] { [.sqlite] + (PostgresTestDatabase.isEnabled ? [.postgres] : []) }
    /// Every backend, memory included, for the stores that have an in-memory form.
    static var all: [StoreBackend] { [.memory] + durable }
}

/// One empty state on a backend. `open()` gives a new handle onto it, as another process (or
/// the same one after a restart) would have: a new SQLite connection, or a new PostgreSQL pool.
final class SharedTestState: Sendable {
    let backend: StoreBackend
    private let sqlitePath: String?
    private let postgresURL: PostgresURL?
    private let memory: StateMemory?

    private struct StateMemory: Sendable {
        let budgets = InMemoryCallBudgetStore()
        let geocoding = InMemoryGeocodingStore()
        let preferences = InMemoryUserPreferencesStore()
        let subscriptions = InMemorySubscriptionStore()
        let seenEvents = InMemorySeenEventStore()
        let weatherAnswers = InMemoryWeatherAnswerStore()
    }

    init(_ backend: StoreBackend) async throws {
        self.backend = backend
        switch backend {
        case .memory:
            (sqlitePath, postgresURL, memory) = (nil, nil, StateMemory())
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-store-\(UUID()).sqlite").path
            (sqlitePath, postgresURL, memory) = (path, nil, nil)
        case .postgres:
            (sqlitePath, postgresURL, memory) = (nil, try await PostgresTestDatabase.freshURL(), nil)
        }
    }

    /// `pg_dump --data-only` of this state's schema, as a backup of it would hold (PostgreSQL
    /// only); nil when `pg_dump` is not installed.
    func postgresDump() throws -> String? {
        guard let url = postgresURL?.connectionString,
            let schema = url.range(of: "search_path%3D").map({ url[$0.upperBound...].prefix { $0 != "&" } }),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/pg_dump")
        else { return nil }
        let dump = try SpawnedProcess.run(
            "/usr/bin/pg_dump", ["--data-only", "--schema=\(schema)", "--dbname=\(url)"], standardError: .inherited)
        return dump.status == 0 ? dump.output : nil
    }

    deinit {
        guard let sqlitePath else { return }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlitePath + suffix) }
    }

    /// Every store on a new handle. The in-memory backend has no delivery store or ledger: its
    /// `deliveries` and `ledger` are SQLite's in-memory ones, which no suite passes `.memory` for.
    func open(clock: any WallClock = SystemWallClock(), poolSize: Int = 4) async throws -> StateStores {
        switch backend {
        case .memory:
            let memory = memory!
            let database = try SQLiteDatabase(path: ":memory:")
            return StateStores(
                deliveries: try SQLiteDeliveryStore(database: database), ledger: try SQLiteDigestLedger(database: database),
                preferences: memory.preferences, budgets: memory.budgets, geocoding: memory.geocoding,
                subscriptions: memory.subscriptions, seenEvents: memory.seenEvents, weatherAnswers: memory.weatherAnswers)
        case .sqlite:
            return try StateStores.sqlite(try SQLiteDatabase(path: sqlitePath!), clock: clock)
        case .postgres:
            return try await StateStores.postgres(try PostgresPool(url: postgresURL!, size: poolSize), clock: clock)
        }
    }

    /// Runs backend-specific SQL on a new connection (a trigger that makes writes fail, for rollback tests).
    func execute(sqlite: String, postgres: String) throws {
        switch backend {
        case .memory: break
        case .sqlite:
            try SQLiteDatabase(path: sqlitePath!).withConnection { connection throws(SQLiteError) in
                try connection.execute(sqlite)
            }
        case .postgres:
            try PostgresConnection(url: postgresURL!).executeScript(postgres)
        }
    }

    /// The URL of a PostgreSQL state (nil on other backends).
    var url: PostgresURL? { postgresURL }
    /// The path of a SQLite state (nil on other backends).
    var path: String? { sqlitePath }
}
