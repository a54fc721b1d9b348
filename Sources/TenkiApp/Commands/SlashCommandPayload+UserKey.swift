import TenkiCore
import TenkiStorage

extension SlashCommandPayload {
    /// Who sent the command, as rate limits, saved preferences and budget shares count people: the
    /// enterprise (or team) and the user, since user IDs are unique only within one.
    var userKey: UserKey {
        UserKey(team: enterpriseID ?? teamID ?? "-", user: userID)
    }
}
