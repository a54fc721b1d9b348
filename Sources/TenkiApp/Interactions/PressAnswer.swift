import TenkiCore

/// What a button press leads to, before it is rendered (once, at the edge) for the platform it
/// came from (`PlatformRenderers`).
enum PressAnswer: Sendable {
    /// The pressed message, changed in place: another view, units, page.
    case replace(ChatMessage)
    /// A private note beside the pressed message, which stays as it was (an unusable value, a
    /// rate limit, news not configured).
    case note(String)
    /// A new message in the channel (📣 Share), beside the private one.
    case share(ChatMessage)
}
