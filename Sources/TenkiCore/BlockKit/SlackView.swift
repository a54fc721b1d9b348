/// A view: the Home tab (`type: home`) or a modal (`type: modal`), as `views.publish`,
/// `views.open`, `views.update` and `response_action: update` take it. Built only through
/// `home` and `modal`, which apply the surface's limits, so an instance is always accepted:
/// at most 100 blocks; a modal's title, submit and close at most 24 characters; a
/// `private_metadata` over 3,000 characters is left out (cut, it would not read back).
public struct SlackView: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        case home, modal
    }

    public private(set) var type: Kind
    public private(set) var callbackID: String?
    public private(set) var title: TextObject?
    public private(set) var submit: TextObject?
    public private(set) var close: TextObject?
    public private(set) var blocks: [SurfaceBlock]
    public private(set) var privateMetadata: String?

    public static func home(blocks: [SurfaceBlock], callbackID: String? = nil, privateMetadata: String? = nil) -> SlackView {
        SlackView(
            type: .home, callbackID: callbackID, title: nil, submit: nil, close: nil, blocks: blocks,
            privateMetadata: privateMetadata)
    }

    /// - Parameter submit: the submit button's words; a modal with input blocks must have one.
    public static func modal(
        title: String, blocks: [SurfaceBlock], callbackID: String? = nil, submit: String? = nil, close: String? = nil,
        privateMetadata: String? = nil
    ) -> SlackView {
        func button(_ text: String?) -> TextObject? { text.map { .plain($0, limit: SlackLimits.viewButtonText) } }
        return SlackView(
            type: .modal, callbackID: callbackID, title: .plain(title, limit: SlackLimits.viewTitle), submit: button(submit),
            close: button(close), blocks: blocks, privateMetadata: privateMetadata)
    }

    private init(
        type: Kind, callbackID: String?, title: TextObject?, submit: TextObject?, close: TextObject?, blocks: [SurfaceBlock],
        privateMetadata: String?
    ) {
        self.type = type
        self.callbackID = callbackID.map { String($0.unicodeScalars.prefix(SlackLimits.callbackID)) }
        self.title = title
        self.submit = submit
        self.close = close
        self.blocks = Array(blocks.prefix(SlackLimits.blocksPerView))
        self.privateMetadata = privateMetadata.flatMap { $0.unicodeScalars.count > SlackLimits.privateMetadata ? nil : $0 }
    }

    enum CodingKeys: String, CodingKey {
        case type, title, submit, close, blocks
        case callbackID = "callback_id"
        case privateMetadata = "private_metadata"
    }
}
