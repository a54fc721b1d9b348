import TenkiCore
import TenkiHTTPServer
import TenkiSecurity

/// `POST /slack/interactions`: Slack's v0 signature, then the form's `payload`, into a press (a
/// `block_actions` payload) or, for another type, a value the dispatcher does not handle yet
/// (`view_submission` becomes one, for the modals issue).
struct SlackInteractionAdapter: InboundAdapter {
    let verifier: (any CommandRequestVerifier)?

    var route: String { TenkiRouter.interactionsRoute }
    var mediaType: InboundMediaType { .form }
    var what: String { "Slack interactions" }

    func inbound(from request: HTTPRequest) throws(AdapterStop) -> Inbound {
        try AdapterStop.verifying { () throws(RequestVerificationError) in try verifier?.verify(request) }
        let payload = try AdapterStop.decoding("a Slack interaction") { () throws(InteractionPayload.DecodingError) in
            try InteractionPayload(formBody: request.body)
        }
        let context = InboundContext(
            platform: .slack, team: payload.enterpriseID ?? payload.teamID ?? "", user: payload.userID ?? "",
            channel: payload.channelID,
            replyTarget: .responseURL(payload.responseURL),
            installation: InboundContext.installationKey(
                enterprise: payload.enterpriseID, team: payload.teamID, isEnterpriseInstall: payload.isEnterpriseInstall))
        switch payload.type {
        case "block_actions":
            guard let action = payload.action else {
                return Inbound(.event(type: "block_actions without an action"), context: context)
            }
            let press = ButtonPress(
                actionID: action.actionID, value: action.value, fromEphemeral: payload.isEphemeral, triggerID: payload.triggerID)
            return Inbound(.press(press), context: context)
        case "view_submission":
            let json = (try? FormURLEncoded.decode(request.body))?.first(where: { $0.0 == "payload" })?.1 ?? ""
            guard let submission = try? ViewSubmission(json: Array(json.utf8)) else {
                return Inbound(.event(type: "view_submission without a user or callback_id"), context: context)
            }
            var context = context
            context.replyTarget = .view(triggerID: submission.triggerID, viewID: submission.viewID)
            return Inbound(.viewSubmission(submission), context: context)
        default:
            return Inbound(.event(type: String(payload.type.prefix(40))), context: context)
        }
    }
}
