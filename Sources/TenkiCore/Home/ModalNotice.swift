/// A modal with nothing to submit, only words and a close button (`callback_id` `tenki.notice`):
/// the "checking…" view a slow submission answers with (`response_action: update`), and what
/// `views.update` then shows (the outcome). Same size as the form it replaces, so the modal
/// does not jump.
public struct ModalNotice: Sendable, Equatable {
    public var title: String
    /// Mrkdwn, Tenki's own words with outside text already escaped.
    public var markdown: String
    public var closeLabel: String

    /// A notice closed by `language`'s word for it.
    public init(title: String, markdown: String, language: WeatherLanguage) {
        self.title = title
        self.markdown = markdown
        self.closeLabel = ModalStrings.table(for: language).close
    }

    /// "Checking…": the place is being looked up and the channel checked.
    public static func checking(place: String, language: WeatherLanguage) -> ModalNotice {
        let strings = ModalStrings.table(for: language)
        let text = SlackRenderer.mrkdwn(RichText.fill(strings.checking, ["place": .text(place)]))
        return ModalNotice(title: strings.checkingTitle, markdown: text, language: language)
    }

    public var view: SlackView {
        .modal(title: title, blocks: [.block(Section.markdown(markdown))], callbackID: HomeIDs.noticeCallback, close: closeLabel)
    }
}
