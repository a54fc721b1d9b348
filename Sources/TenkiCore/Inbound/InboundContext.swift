import Foundation

/// What travels with every inbound value: where it came from, who sent it, in which language the
/// answer is wanted, and where the answer goes.
public struct InboundContext: Sendable, Equatable {
    // `replyTarget` is declared first so that Swift's memberwise initialiser (internal, in this
    // order) differs from the public one below, which builds the value through it: an initialiser
    // that assigns the properties itself ends with a copy of the whole context (every string
    // retained and released once more), and one is made for every request.
    public var replyTarget: ReplyTarget
    public var platform: ChatPlatform
    /// The installation the request belongs to: Slack's enterprise or team, Mattermost's team,
    /// `discord:GUILD` (or `discord:dm`); "-" when the request names none.
    public var team: String
    public var user: String
    public var channel: String?
    /// The caller's language (Discord's `locale`); nil: the deployment's.
    public var language: WeatherLanguage?
    /// Slack only: the key of the installation that answers the request
    /// (`installationKey(enterprise:team:isEnterpriseInstall:)`), which what it saves and queues
    /// carries; nil elsewhere.
    public var installation: String?
}

extension InboundContext {
    public init(
        platform: ChatPlatform, team: String, user: String, channel: String? = nil, language: WeatherLanguage? = nil,
        replyTarget: ReplyTarget, installation: String? = nil
    ) {
        self.init(
            replyTarget: replyTarget, platform: platform, team: team, user: user, channel: channel, language: language,
            installation: installation)
    }

    /// Which Slack installation a request belongs to, from the ids it carries: the enterprise for
    /// an org-wide (Enterprise Grid) install, which Slack marks `is_enterprise_install`, else the
    /// workspace. The installation store keys installations the same way.
    public static func installationKey(enterprise: String?, team: String?, isEnterpriseInstall: Bool) -> String? {
        let enterprise = enterprise.flatMap { $0.isEmpty ? nil : $0 }
        let team = team.flatMap { $0.isEmpty ? nil : $0 }
        return isEnterpriseInstall ? enterprise ?? team : team ?? enterprise
    }
}

/// Where an answer goes besides the HTTP response that acknowledges the request.
public enum ReplyTarget: Sendable, Equatable {
    /// Slack's or Mattermost's `response_url` (unchecked: the allow-list is applied before use); nil
    /// when the request carried none.
    case responseURL(String?)
    /// A Discord interaction's webhook: `@original` is edited, follow-ups are new messages.
    case discordInteraction(original: URL?, followUp: URL?)
    /// A Socket Mode envelope, acknowledged by its id on the socket (with the answer in time); a
    /// late answer goes to the payload's `response_url`, as over HTTP.
    case socketAcknowledgement(envelopeID: String, responseURL: String? = nil)
    /// A modal to open (`trigger_id`) or update (`view_id`): a view submission's.
    case view(triggerID: String?, viewID: String?)

    /// The `response_url` a late answer goes to, over HTTP or Socket Mode; nil for the others.
    public var responseURL: String? {
        switch self {
        case .responseURL(let raw), .socketAcknowledgement(_, let raw): raw
        case .discordInteraction, .view: nil
        }
    }
}
