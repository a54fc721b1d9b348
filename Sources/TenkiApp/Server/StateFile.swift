import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiSecurity
import TenkiStorage

/// The state opened once per process and shared by its stores: the delivery queue's outbox, the
/// digest ledger, saved preferences, the daily call budgets, geocoding and weather answers. `serve`,
/// `digest`, `replay` and `demo` open PostgreSQL when `TENKI_DATABASE_URL` is set, else the SQLite
/// file `TENKI_STATE`; `preview` and tests an in-memory database.
struct StateFile: Sendable {
    let stores: StateStores
    /// The installations and OAuth states of a multi-workspace deployment (`Settings.slackApp`); nil otherwise.
    var installations: InstallationStores? = nil

    var deliveries: any DeliveryStore { stores.deliveries }
    var preferences: any UserPreferencesStore { stores.preferences }
    var ledger: any DigestLedger { stores.ledger }
    var budgets: any CallBudgetStore { stores.budgets }
    var geocoding: any GeocodingStore { stores.geocoding }
    var weatherAnswers: any WeatherAnswerStore { stores.weatherAnswers }
    var subscriptions: any SubscriptionStore { stores.subscriptions }
    var seenEvents: any SeenEventStore { stores.seenEvents }

    static func open(_ location: ServerDependencies.StateLocation, settings: Settings, clock: any WallClock) throws -> StateFile {
        let sealer = settings.slackApp.map { TokenSealer(keys: $0.encryptionKeys) }
        switch location {
        case .settings:
            if let url = settings.databaseURL {
                return try openPostgres(url, poolSize: settings.databasePoolSize, clock: clock, sealer: sealer)
            }
            return try open(settings, clock: clock, sealer: sealer)
        case .memory: return try open(path: ":memory:", clock: clock, sealer: sealer)
        }
    }

    /// Opens (creating when `serve` or `digest` start on a new machine) the state file. A file that
    /// cannot be opened is a configuration error naming `TENKI_STATE` when only the operator can
    /// fix it (a missing directory, not a database), and a `TemporaryFailure` (exit 75) when it may
    /// pass (a full disk, an I/O error, a lock, a permission).
    static func open(
        _ settings: Settings, clock: any WallClock = SystemWallClock(), sealer: TokenSealer? = nil
    ) throws -> StateFile {
        let path = settings.statePath
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        return try open(path: path, clock: clock, sealer: sealer)
    }

    private static func open(path: String, clock: any WallClock, sealer: TokenSealer?) throws -> StateFile {
        do {
            let database = try SQLiteDatabase(path: path)
            var state = StateFile(stores: try StateStores.sqlite(database, clock: clock))
            if let sealer { state.installations = try InstallationStores.sqlite(database, sealer: sealer, clock: clock) }
            return state
        } catch {
            throw classify(error, path: path)
        }
    }

    /// For commands that read the service's state (`outbox`, `backup`), before anything opens it:
    /// a missing file is never created (it would only show an empty outbox from the wrong file),
    /// and the error names the path.
    /// A file that is there but is no SQLite database (empty, or something else) is refused too:
    /// opening it would write a new schema into it.
    static func requireExisting(_ settings: Settings, command: String) throws(ConfigurationError) {
        guard settings.databaseURL == nil else { return }
        let path = settings.statePath
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let kind = FileManager.default.kind(ofPath: path)
        if kind != .nothing {
            guard kind == .file, !isSQLite(path) else { return }
            let empty = FileManager.default.size(ofPath: path) == 0
            throw ConfigurationError(
                \.statePath,
                problem: "names \(absolute), which is \(empty ? "empty" : "not a SQLite state file") "
                    + "(tenki \(command) never writes one)",
                fix: empty
                    ? "start tenki serve on it once, or set \(SettingsTable.name(\.statePath)) to the service's state file"
                    : "set \(SettingsTable.name(\.statePath)) to the service's state file")
        }
        throw ConfigurationError(
            \.statePath,
            problem: "names \(absolute), which does not exist (tenki \(command) reads the state, never creates it)",
            fix: "set \(SettingsTable.name(\.statePath)) to the service's state file, "
                + "e.g. \(SettingsTable.name(\.statePath))=/var/lib/tenki/tenki.sqlite")
    }

    /// The service's state for an operator's command (`outbox`, `subscriptions`), from the
    /// environment's settings, opened as the composition root opens it (and nothing else is
    /// built); refused as `requireExisting` says when the file does not exist.
    static func existing(for command: String) throws -> StateFile {
        let settings = try Settings.load()
        try requireExisting(settings, command: command)
        return try open(.settings, settings: settings, clock: SystemWallClock())
    }

    /// Whether the file starts with SQLite's 16-byte header ("SQLite format 3" and a NUL).
    static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }  // unreadable: let the open say why
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    /// SQLite's primary result codes that may pass without a change of settings.
    private static let temporaryCodes: Set<Int32> = [
        3,  // SQLITE_PERM
        5, 6,  // SQLITE_BUSY, SQLITE_LOCKED
        7,  // SQLITE_NOMEM
        8,  // SQLITE_READONLY
        10,  // SQLITE_IOERR
        13,  // SQLITE_FULL
        15,  // SQLITE_PROTOCOL
    ]

    static func classify(_ error: any Error, path: String) -> any Error {
        if FileManager.default.kind(ofPath: path) == .folder {
            return ConfigurationError(
                \.statePath, problem: "names \(path), which is a directory",
                fix: "name a file in it, e.g. \(SettingsTable.name(\.statePath))=\(path)/tenki.sqlite")
        }
        let code = (error as? SQLiteError).map { $0.code & 0xFF }
        let unreadable = code == 14 && FileManager.default.fileExists(atPath: path)  // SQLITE_CANTOPEN on a file that is there
        if let code, temporaryCodes.contains(code) || unreadable {
            return TemporaryFailure(
                "the state file \(path) (\(SettingsTable.name(\.statePath))) cannot be used now (\(error)); check the disk and its permissions"
            )
        }
        return ConfigurationError(
            \.statePath, problem: "cannot be opened as the state file \(path) (\(error))",
            fix: "point it at a writable path on local disk (not NFS)")
    }
}
