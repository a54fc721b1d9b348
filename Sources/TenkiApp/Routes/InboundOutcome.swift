import TenkiCore

/// What the dispatcher made of an inbound value, before the edge renders it for the value's
/// platform (`TenkiRouter.response(to:for:)`): nothing here is any platform's JSON.
enum InboundOutcome: Sendable {
    /// A command's answer (or a notice in its place: busy, looking up, took too long).
    case command(CommandReply)
    /// A press's answer in time (Discord), or a private note refusing it (any platform).
    case press(PressAnswer)
    /// Discord's "thinking" message (type 5): the command's answer edits it later.
    case thinking(ChatMessage.Visibility)
    /// Discord's acknowledgement of a press (type 6): the answer follows by PATCH or follow-up.
    case deferredUpdate
    /// A modal's submission answered in time: its fields marked (`errors`) or the modal replaced
    /// (`update`). A submission that closes the modal is `.acknowledged`.
    case view(ViewSubmissionResponse)
    /// Refused before anything was started or stored (`InboundLimit`): a 503, so that Slack
    /// sends the event again later.
    case busy
    /// Acknowledged with an empty 200; the answer, if any, follows at the reply target.
    case acknowledged
    /// Not done now (the state could not be written): a 503, so that the sender tries again.
    case failed
    /// Nothing Tenki does with this value: an interaction type it has no use for, a button that is
    /// not its own (Slack), an event Tenki does not act on, a view that is not Tenki's.
    case notHandled(reason: String)
}
