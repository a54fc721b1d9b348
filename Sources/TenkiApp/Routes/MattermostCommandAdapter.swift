import TenkiCore
import TenkiHTTPServer
import TenkiSecurity

/// `POST /mattermost/commands`: the command's token, then the same decoder as Slack's. The token
/// may be in the body, so the body is decoded first; an undecodable body can still be
/// authenticated by its header, and without a valid token it is a 401, not a 400.
struct MattermostCommandAdapter: InboundAdapter {
    let verifier: MattermostTokenVerifier
    let decoder: any CommandDecoder

    var route: String { "mattermost_commands" }
    var mediaType: InboundMediaType { .form }
    var what: String { "Mattermost commands" }

    func inbound(from request: HTTPRequest) throws(AdapterStop) -> Inbound {
        let decoded = Result { () throws(CommandDecodingError) in try decoder.decode(request.body) }
        try AdapterStop.verifying { () throws(RequestVerificationError) in
            try verifier.verify(
                authorizationHeaderValues: request.headers.values(for: "Authorization"), formToken: (try? decoded.get())?.token)
        }
        switch decoded {
        case .success(var payload):
            payload.platform = .mattermost
            return Inbound(.command(payload), context: payload.context(replyTarget: .responseURL(payload.responseURL)))
        case .failure(let error):
            throw .undecodable(detail: error.description, expected: "a Mattermost slash command")
        }
    }
}
