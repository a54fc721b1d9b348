import TenkiCore
import TenkiStorage

extension SlashCommandPayload {
    /// Who sent the command, as rate limits, saved preferences and budget shares count people: the
    /// enterprise (or team) and the user, since user IDs are unique only within one.
    var userKey: UserKey {
        UserKey(team: enterpriseID ?? teamID ?? "-", user: userID, installation: installationKey)
    }

    /// The key of the Slack installation that answers the command (the enterprise's for an
    /// org-wide install): what it saves and queues carries it, so that install's uninstall removes it.
    var installationKey: String? {
        InboundContext.installationKey(enterprise: enterpriseID, team: teamID, isEnterpriseInstall: isEnterpriseInstall)
    }
}
