/// What a modal carries for its submission in `private_metadata` (form-encoded, at most 3,000
/// characters): the conversation it was opened from and the opener's time zone, when known.
/// It comes back from Slack as the client sent it, so it is read as untrusted: anything
/// malformed or unknown reads as absent, never as an error.
public struct ModalMetadata: Sendable, Equatable {
    /// The channel of the command that opened the modal (`C…`), nil from the Home tab.
    public var channel: String?
    /// An IANA zone (`Asia/Ho_Chi_Minh`) looked up when the modal opened.
    public var zone: String?

    public init(channel: String? = nil, zone: String? = nil) {
        self.channel = channel
        self.zone = zone
    }

    /// Nil when there is nothing to carry.
    public var encoded: String? {
        let fields = [("channel", channel), ("zone", zone)].compactMap { name, value in value.map { (name, $0) } }
        return fields.isEmpty ? nil : FormURLEncoded.encode(fields)
    }

    public init(decoding text: String?) {
        guard let text, text.utf8.count <= SlackLimits.privateMetadata,
            let fields = try? FormURLEncoded.decode(Array(text.utf8))
        else { return }
        for (name, value) in fields where Self.isPlausible(value) {
            switch name {
            case "channel": channel = value
            case "zone": zone = value
            default: continue
            }
        }
    }

    /// A Slack id or an IANA zone name: short, printable ASCII.
    private static func isPlausible(_ value: String) -> Bool {
        (1...64).contains(value.utf8.count) && value.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
