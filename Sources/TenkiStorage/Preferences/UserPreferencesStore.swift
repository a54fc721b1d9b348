import Synchronization
import TenkiCore

/// What a user saved with `/weather set`: their default place (as they typed it) and units.
public struct UserPreferences: Sendable, Equatable {
    public var place: String?
    public var units: Units?
}

extension UserPreferences {
    /// Nothing saved.
    public static let empty = UserPreferences()
}

/// Who a preference belongs to: Slack user ids are unique only within a team (or an Enterprise
/// Grid organisation), so the team is part of the key.
public struct UserKey: Sendable, Hashable {
    public var team: String
    public var user: String

    public init(team: String, user: String) {
        self.team = team
        self.user = user
    }
}

/// The preferences could not be read or written.
public typealias PreferencesStoreError = StateStoreError

/// Saved user defaults, behind a protocol: SQLite in production, memory for `preview` (which
/// must write nothing) and tests.
public protocol UserPreferencesStore: Sendable {
    func preferences(for key: UserKey) async throws(PreferencesStoreError) -> UserPreferences
    func save(_ preferences: UserPreferences, for key: UserKey) async throws(PreferencesStoreError)
    func forget(_ key: UserKey) async throws(PreferencesStoreError)
}

/// Preferences in memory: gone when the process ends.
public final class InMemoryUserPreferencesStore: UserPreferencesStore {
    private let stored = Mutex<[UserKey: UserPreferences]>([:])

    public init() {}

    public func preferences(for key: UserKey) -> UserPreferences {
        stored.withLock { $0[key] ?? UserPreferences() }
    }

    public func save(_ preferences: UserPreferences, for key: UserKey) {
        stored.withLock { $0[key] = preferences }
    }

    public func forget(_ key: UserKey) {
        stored.withLock { $0[key] = nil }
    }
}
