import Foundation
import TenkiSecurity

/// Slack installations, one per workspace (or per Enterprise Grid organisation, for an org-wide
/// install), in the state database: SQLite or PostgreSQL (`SQLInstallationStore`; one suite runs
/// against both), with a cache in front (`CachedInstallationStore`). Tokens are sealed before
/// they are written and opened when read; callers only ever see `Installation`.
public protocol InstallationStore: Sendable {
    /// Saves `installation` under its key, replacing what that key held (installing again), and
    /// ends any refresh lease on it. Refuses one that names neither a team nor, for an org-wide
    /// install, an enterprise.
    func save(_ installation: Installation) async throws(InstallationStoreError)

    /// The installation that answers for a request from `team` (in `enterprise`, on Enterprise
    /// Grid): the workspace's own, else its organisation's org-wide one; nil when neither exists.
    /// A token sealed under the previous encryption key is sealed again under the current one.
    func installation(enterprise: String?, team: String) async throws(InstallationStoreError) -> Installation?

    /// Removes the installation keyed `key` and nothing else (`tokens_revoked` with a bot entry).
    /// Whether there was one.
    @discardableResult
    func deleteInstallation(key: String) async throws(InstallationStoreError) -> Bool

    /// Removes the installation keyed `key` and everything saved for it, in one transaction
    /// (`app_uninstalled`): the preferences, subscriptions (with their schedule slots), deliveries
    /// and pending commands that carry the key, which for an org-wide install is every team's of
    /// the organisation. Geocoding answers are a shared cache and stay.
    func deleteEverything(key: String) async throws(InstallationStoreError) -> InstallationRemoval

    /// How many installations there are (the `tenki_installations` gauge).
    func count() async throws(InstallationStoreError) -> Int

    // Token rotation: refresh before expiry, once across replicas.

    /// The keys of installations whose bot token is due for a refresh, soonest expiry first: it
    /// expires within `margin` from now (the store's clock), or within half its lifetime if that
    /// is shorter, so a short-lived token (`expires_in` 60) is not refreshed again at once.
    func keysDueForRefresh(margin: TimeInterval) async throws(InstallationStoreError) -> [String]

    /// Claims the refresh of `key`'s token for `owner` until `lease` seconds from now (the store's
    /// clock), if it is due (as `keysDueForRefresh` says) and no other owner holds an unexpired
    /// lease: the installation to refresh, or nil (not due, refreshed meanwhile, claimed elsewhere,
    /// or gone). Two replicas asking at once: one gets it.
    func claimRefresh(
        key: String, owner: String, lease: TimeInterval, margin: TimeInterval
    ) async throws(InstallationStoreError) -> Installation?

    /// Stores the refreshed tokens and ends the lease, if `owner` still holds it; whether it did
    /// (false: another replica took the refresh over, and this answer must be dropped).
    func completeRefresh(
        key: String, owner: String, botToken: SlackBotToken, rotation: TokenRotation
    ) async throws(InstallationStoreError) -> Bool

    /// Ends `owner`'s lease without a new token (the refresh failed), so another replica may try.
    @discardableResult
    func releaseRefresh(key: String, owner: String) async throws(InstallationStoreError) -> Bool
}

/// How many rows `deleteEverything` removed, per table.
public struct InstallationRemoval: Sendable, Equatable {
    public var installations = 0
    public var preferences = 0
    public var subscriptions = 0
    public var deliveries = 0
    public var pendingCommands = 0

    public init(
        installations: Int = 0, preferences: Int = 0, subscriptions: Int = 0, deliveries: Int = 0, pendingCommands: Int = 0
    ) {
        self.installations = installations
        self.preferences = preferences
        self.subscriptions = subscriptions
        self.deliveries = deliveries
        self.pendingCommands = pendingCommands
    }
}

/// An installation could not be stored or read. The description names the installation key (a
/// Slack id, not a secret) and the cause; never a token, sealed or not.
public enum InstallationStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database's message with what was being done.
    case storage(String)
    /// A stored token did not open (a wrong or retired encryption key, or a changed row).
    case unreadableToken(installationKey: String, TokenSealingError)
    /// Neither a team id nor, for an org-wide install, an enterprise id.
    case missingKey

    public var description: String {
        switch self {
        case .storage(let message): "installation store: \(message)"
        case .unreadableToken(let key, let error): "installation store: the token of installation \(key) cannot be read: \(error)"
        case .missingKey: "installation store: an installation needs a team id, or an enterprise id for an org-wide install"
        }
    }
}

extension InstallationStoreError: StoreFailure {
    init(databaseMessage: String) { self = .storage(databaseMessage) }
}
