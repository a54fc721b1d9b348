import TenkiCore
import TenkiHTTPServer
import TenkiSecurity

/// `POST /slack/commands`: Slack's v0 signature (skipped only with `--insecure-skip-verification`),
/// then the form, into a command whose answer may follow at its `response_url`.
struct SlackCommandAdapter: InboundAdapter {
    let verifier: (any CommandRequestVerifier)?
    let decoder: any CommandDecoder

    var route: String { "commands" }
    var mediaType: InboundMediaType { .form }
    var what: String { "Slack commands" }
    var isRecorded: Bool { true }

    func inbound(from request: HTTPRequest) throws(AdapterStop) -> Inbound {
        try AdapterStop.verifying { () throws(RequestVerificationError) in try verifier?.verify(request) }
        let payload = try AdapterStop.decoding("a Slack slash command") { () throws(CommandDecodingError) in
            try decoder.decode(request.body)
        }
        if payload.sslCheck { throw .answered(HTTPResponse(status: .ok)) }
        // The context first: the payload's last use then moves it into the value instead of copying it.
        let context = payload.context(replyTarget: .responseURL(payload.responseURL))
        return Inbound(.command(payload), context: context)
    }
}

extension SlashCommandPayload {
    /// The context a command from Slack or Mattermost carries.
    func context(replyTarget: ReplyTarget) -> InboundContext {
        InboundContext(
            platform: platform, team: enterpriseID ?? teamID ?? "-", user: userID, channel: channelID, language: language,
            replyTarget: replyTarget, installation: platform == .slack ? installationKey : nil)
    }
}
