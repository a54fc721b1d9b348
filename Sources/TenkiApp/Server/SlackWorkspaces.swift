import Foundation
import TenkiCore
import TenkiHTTPClient
import TenkiLogging
import TenkiDelivery
import TenkiSecurity
import TenkiSlackAPI
import TenkiStorage

/// Which bot token answers for a Slack workspace: the one `SLACK_BOT_TOKEN` (one workspace), or
/// each workspace's own installation (`SLACK_CLIENT_ID`: many), read through the in-memory cache
/// so a command pays neither a query nor a decryption. Built once by the composition root; the
/// delivery queue, the subscription commands and the dispatcher all ask it. A class, so that the
/// dispatcher's every command shares it rather than copying its fields.
final class SlackWorkspaces: Sendable {
    /// Nil in single-workspace mode.
    let installations: CachedInstallationStore?
    let app: Settings.SlackAppSettings?
    let singleToken: SlackBotToken?
    let transport: any HTTPTransport
    let apiBase: URL

    init(settings: Settings, installations: (any InstallationStore)?, clock: any WallClock, transport: any HTTPTransport) {
        self.installations = installations.map { CachedInstallationStore($0, clock: clock) }
        app = settings.slackApp
        singleToken = settings.delivery.slackBotToken
        self.transport = transport
        apiBase = settings.delivery.slackAPIBaseURL
    }

    var isDistributed: Bool { installations != nil }

    /// What a workspace's requests are answered with.
    enum Lookup: Sendable, Equatable {
        /// Installed (or the one workspace): its bot token, nil when `SLACK_BOT_TOKEN` is unset.
        case installed(SlackBotToken?)
        case notInstalled
        /// The store could not tell now.
        case unavailable
    }

    /// The installation that answers for `team` (in `enterprise`): its own, else its organisation's.
    func lookup(enterprise: String?, team: String, logger: Logger) async -> Lookup {
        guard let installations else { return .installed(singleToken) }
        do {
            guard let installation = try await installations.installation(enterprise: enterprise, team: team) else {
                return .notInstalled
            }
            return .installed(installation.botToken)
        } catch {
            logger.error("installation lookup failed", [("team", team), ("error", error.description)])
            return .unavailable
        }
    }

    /// Whether a stored answer may go out on the listener's thread: always with one workspace;
    /// with many, only when memory already knows the workspace is installed.
    func knownInstalled(enterprise: String?, team: String) -> Bool {
        guard let installations else { return true }
        if case .some(.some) = installations.remembered(enterprise: enterprise, team: team) { return true }
        return false
    }

    /// The bot token of the installation keyed `key`, as it is now (the delivery queue asks at send time).
    func token(forKey key: String) async -> InstallationTokenLookup {
        guard let installations else { return singleToken.map { .token($0) } ?? .notInstalled }
        do {
            // A key is a team id, or an enterprise id for an org-wide install: asking for both finds either.
            return try await installations.installation(enterprise: key, team: key).map { .token($0.botToken) } ?? .notInstalled
        } catch {
            return .unavailable
        }
    }

    /// A Web API client for `token`.
    func client(_ token: SlackBotToken) -> SlackWebAPIClient {
        SlackWebAPIClient(transport: transport, baseURL: apiBase, token: token)
    }
}
