import Foundation
import TenkiSecurity

/// Tenki installed in one Slack workspace, or across an Enterprise Grid organisation (an org-wide
/// install): what `oauth.v2.access` answered, kept so every request from there is answered with
/// its own bot token. Stored by an `InstallationStore`, the tokens sealed (`TokenSealer`).
public struct Installation: Sendable, Equatable {
    /// Nil for an org-wide install, which belongs to the enterprise rather than to one workspace.
    public var teamID: String?
    public var teamName: String?
    /// Set for any workspace of an Enterprise Grid organisation.
    public var enterpriseID: String?
    public var enterpriseName: String?
    /// Installed for the whole organisation (`is_enterprise_install`): keyed by `enterpriseID`.
    public var isEnterpriseInstall: Bool
    public var botUserID: String
    public var botToken: SlackBotToken
    /// With token rotation on: the refresh token and when `botToken` expires; nil otherwise.
    public var rotation: TokenRotation?
    /// The bot scopes granted (`commands`, `chat:write`, …).
    public var scopes: [String]
    /// Who clicked "Allow".
    public var installerUserID: String?
    public var installedAt: Date

    public init(
        teamID: String?, teamName: String? = nil, enterpriseID: String? = nil, enterpriseName: String? = nil,
        isEnterpriseInstall: Bool = false, botUserID: String, botToken: SlackBotToken, rotation: TokenRotation? = nil,
        scopes: [String], installerUserID: String? = nil, installedAt: Date
    ) {
        self.teamID = teamID
        self.teamName = teamName
        self.enterpriseID = enterpriseID
        self.enterpriseName = enterpriseName
        self.isEnterpriseInstall = isEnterpriseInstall
        self.botUserID = botUserID
        self.botToken = botToken
        self.rotation = rotation
        self.scopes = scopes
        self.installerUserID = installerUserID
        self.installedAt = installedAt
    }

    /// The installation key: the enterprise id of an org-wide install, else the team id. The
    /// store's primary key, and the associated data its tokens are sealed with. Nil only for an
    /// installation that names neither (which `InstallationStore.save` refuses).
    public var key: String? {
        isEnterpriseInstall ? enterpriseID : teamID
    }
}

/// A rotating bot token's other half.
public struct TokenRotation: Sendable, Equatable {
    public var refreshToken: SlackRefreshToken
    /// When the bot token stops working (`expires_in` after it was issued).
    public var expiresAt: Date

    public init(refreshToken: SlackRefreshToken, expiresAt: Date) {
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }
}
