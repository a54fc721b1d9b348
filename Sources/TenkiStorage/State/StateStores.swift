import TenkiCore

/// Every store of the process' shared state, on one backend: the SQLite file (`TENKI_STATE`) or
/// PostgreSQL (`TENKI_DATABASE_URL`). Callers see only the protocols, so a behaviour cannot belong
/// to one backend; the store suites run the same tests against both.
public struct StateStores: Sendable {
    public let deliveries: any DeliveryStore
    public let ledger: any DigestLedger
    public let preferences: any UserPreferencesStore
    public let budgets: any CallBudgetStore
    public let geocoding: any GeocodingStore
    /// Weather answers while they are fresh, so a restart or another replica need not ask again.
    public let weatherAnswers: any WeatherAnswerStore
    public let subscriptions: any SubscriptionStore
    /// Events API deliveries already taken (`event_id`), so a retry has its effect once.
    public let seenEvents: any SeenEventStore

    public init(
        deliveries: any DeliveryStore, ledger: any DigestLedger, preferences: any UserPreferencesStore,
        budgets: any CallBudgetStore, geocoding: any GeocodingStore, subscriptions: any SubscriptionStore,
        seenEvents: any SeenEventStore = InMemorySeenEventStore(),
        weatherAnswers: any WeatherAnswerStore = InMemoryWeatherAnswerStore()
    ) {
        self.deliveries = deliveries
        self.ledger = ledger
        self.preferences = preferences
        self.budgets = budgets
        self.geocoding = geocoding
        self.subscriptions = subscriptions
        self.seenEvents = seenEvents
        self.weatherAnswers = weatherAnswers
    }

    /// The stores on an open SQLite state file, migrating it as needed.
    public static func sqlite(_ database: SQLiteDatabase, clock: any WallClock = SystemWallClock()) throws -> StateStores {
        StateStores(
            deliveries: try SQLiteDeliveryStore(database: database), ledger: try SQLiteDigestLedger(database: database),
            preferences: try SQLiteUserPreferencesStore(database: database, clock: clock),
            budgets: try SQLiteCallBudgetStore(database: database), geocoding: SQLGeocodingStore(database: database),
            subscriptions: SQLSubscriptionStore(database: database), seenEvents: SQLSeenEventStore(database: database),
            weatherAnswers: SQLWeatherAnswerStore(database: database))
    }

    /// The stores on a PostgreSQL pool, after creating or migrating the schema (one process at a
    /// time, under an advisory lock).
    public static func postgres(
        _ pool: PostgresPool, clock: any WallClock = SystemWallClock()
    ) async throws(DeliveryStoreError) -> StateStores {
        try await PostgresSchema.migrate(pool)
        return postgresMigrated(pool, clock: clock)
    }

    /// The stores on a PostgreSQL pool whose schema is already migrated.
    public static func postgresMigrated(_ pool: PostgresPool, clock: any WallClock = SystemWallClock()) -> StateStores {
        StateStores(
            deliveries: PostgresDeliveryStore(pool: pool), ledger: PostgresDigestLedger(pool: pool),
            preferences: PostgresUserPreferencesStore(pool: pool, clock: clock), budgets: PostgresCallBudgetStore(pool: pool),
            geocoding: SQLGeocodingStore(database: pool), subscriptions: SQLSubscriptionStore(database: pool),
            seenEvents: SQLSeenEventStore(database: pool), weatherAnswers: SQLWeatherAnswerStore(database: pool))
    }
}
