import Foundation
import TenkiCore
import TenkiHTTPServer
import TenkiSecurity

/// `POST /slack/events`: Slack's v0 signature (the same check as the other Slack routes), then the
/// JSON body. `url_verification` is answered here with its `challenge`; an `event_callback` becomes
/// an `.event` value by its inner event's type, which the dispatcher acknowledges at once (Slack
/// wants a 200 within 3 s). Any other envelope type is an event Tenki does not handle.
struct SlackEventsAdapter: InboundAdapter {
    let verifier: (any CommandRequestVerifier)?

    var route: String { TenkiRouter.eventsRoute }
    var mediaType: InboundMediaType { .json }
    var what: String { "Slack events" }

    func inbound(from request: HTTPRequest) throws(AdapterStop) -> Inbound {
        try AdapterStop.verifying { () throws(RequestVerificationError) in try verifier?.verify(request) }
        let envelope = try AdapterStop.decoding("a Slack event envelope") { () throws(SlackEventEnvelope.DecodingError) in
            try SlackEventEnvelope.decode(request.body)
        }
        switch envelope.type {
        case "url_verification":
            // Answered with the challenge only; anything else in the body is ignored.
            let challenge = envelope.challenge ?? ""
            let body = (try? JSONEncoder().encode(["challenge": challenge])).map(Array.init) ?? Array("{}".utf8)
            throw .answered(.json(.ok, body))
        case "event_callback":
            var type = String((envelope.event?.type ?? "event_callback without an event").prefix(40))
            // Only a revoked bot token ends an installation; Tenki holds no user tokens.
            if type == SlackEventTypes.botTokensRevoked, envelope.event?.tokens?.bot?.isEmpty ?? true {
                type = SlackEventTypes.userTokensRevoked
            }
            let context = InboundContext(
                platform: .slack, team: envelope.personTeam, user: envelope.event?.user ?? "",
                channel: envelope.event?.channel, replyTarget: .responseURL(nil), installation: envelope.installationKey)
            let id = envelope.eventID.map { String($0.prefix(100)) }
            let tab = envelope.event?.tab.map { String($0.prefix(20)) }
            let sentAt = envelope.eventTime.flatMap(Self.sendingTime)
            return Inbound(.event(InboundEvent(type: type, id: id, tab: tab, sentAt: sentAt)), context: context)
        default:
            let context = InboundContext(
                platform: .slack, team: envelope.personTeam, user: "", channel: nil, replyTarget: .responseURL(nil))
            return Inbound(.event(type: String(envelope.type.prefix(40))), context: context)
        }
    }
}

extension SlackEventsAdapter {
    /// `event_time` as a date when it is one Slack could have sent (2001 to 2100); nil otherwise.
    static func sendingTime(_ seconds: Int) -> Date? {
        (978_307_200...4_102_444_800).contains(seconds) ? Date(timeIntervalSince1970: TimeInterval(seconds)) : nil
    }
}

/// The outer shape of an Events API request: only the fields Tenki reads. Unknown fields are
/// ignored; a missing `type` is undecodable.
struct SlackEventEnvelope: Decodable, Sendable {
    struct Event: Decodable, Sendable {
        var type: String
        var user: String?
        var channel: String?
        var tab: String?
        /// `tokens_revoked`'s user ids by kind of token.
        var tokens: Tokens?
    }

    struct Tokens: Decodable, Sendable {
        var oauth: [String]?
        var bot: [String]?
    }

    /// Who the event was delivered for: Slack lists the installation it used.
    struct Authorization: Decodable, Sendable {
        var enterpriseID: String?
        var teamID: String?
        var isEnterpriseInstall: Bool?

        enum CodingKeys: String, CodingKey {
            case enterpriseID = "enterprise_id"
            case teamID = "team_id"
            case isEnterpriseInstall = "is_enterprise_install"
        }
    }

    var type: String
    var challenge: String?
    var teamID: String?
    var enterpriseID: String?
    var isEnterpriseInstall: Bool?
    var authorizations: [Authorization]?
    var eventID: String?
    var eventTime: Int?
    var event: Event?

    enum CodingKeys: String, CodingKey {
        case type, challenge, event, authorizations
        case teamID = "team_id"
        case enterpriseID = "enterprise_id"
        case isEnterpriseInstall = "is_enterprise_install"
        case eventID = "event_id"
        case eventTime = "event_time"
    }

    /// Whose user the event names, as commands count people (`SlashCommandPayload.userKey`): the
    /// enterprise on Enterprise Grid, where user IDs are unique across the org, else the workspace.
    var personTeam: String { enterpriseID ?? authorizations?.first?.enterpriseID ?? teamID ?? "" }

    /// The key of the installation the event is for: an org-wide install's enterprise (its
    /// `app_uninstalled` names the enterprise), else the workspace.
    var installationKey: String? {
        let authorization = authorizations?.first
        let isEnterpriseInstall = authorization?.isEnterpriseInstall ?? isEnterpriseInstall ?? false
        return InboundContext.installationKey(
            enterprise: enterpriseID ?? authorization?.enterpriseID, team: teamID ?? authorization?.teamID,
            isEnterpriseInstall: isEnterpriseInstall)
    }
}
