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
    /// The key of the Slack installation that answers this user (an org-wide install's enterprise
    /// id, else the team id), saved with what they save so an uninstall removes it; nil: the
    /// team. Not part of the identity: equality and hashing use the team and the user only.
    public var installation: String?

    public init(team: String, user: String, installation: String? = nil) {
        self.team = team
        self.user = user
        self.installation = installation
    }

    /// What an uninstall deletes the user's rows by.
    public var installationKey: String { installation ?? team }

    public static func == (lhs: UserKey, rhs: UserKey) -> Bool {
        lhs.team == rhs.team && lhs.user == rhs.user
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(team)
        hasher.combine(user)
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
