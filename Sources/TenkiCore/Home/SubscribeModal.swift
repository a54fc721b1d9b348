/// The subscribe modal (`callback_id` `tenki.subscribe`), with the contract's input blocks:
/// `place` (text, the user's saved place), `channel` (`conversations_select`: the channel given,
/// else the conversation it was opened from), `time` (`timepicker`, 07:30), `days` (daily or
/// weekdays) and `kind` (morning report or rain alerts). What `/weather subscribe` alone and the
/// Home tab's `tenki.home.subscribe` button open.
public struct SubscribeModal: Sendable {
    public var place: String?
    /// The channel to start on; nil lets Slack start on the current conversation.
    public var channel: String?
    public var time: LocalTime
    public var days: ReportDays
    public var kind: SubscriptionKindChoice
    public var language: WeatherLanguage
    public var metadata: ModalMetadata
    /// Said above the fields when the form comes back after a check that finished late (the
    /// place unknown, the channel refused): `views.update` cannot mark a field, so the modal
    /// reopens on the values sent with the problem at the top. Mrkdwn, outside text escaped.
    public var problem: String?

    public init(
        place: String?, channel: String?, time: LocalTime = .defaultReport, days: ReportDays = .daily,
        kind: SubscriptionKindChoice = .morning, language: WeatherLanguage, metadata: ModalMetadata = ModalMetadata()
    ) {
        self.place = place
        self.channel = channel
        self.time = time
        self.days = days
        self.kind = kind
        self.language = language
        self.metadata = metadata
    }

    /// The form again on what `request` asked for, with `problem` said at the top.
    public init(
        returning request: SubscriptionRequest, problem: String, language: WeatherLanguage,
        metadata: ModalMetadata = ModalMetadata()
    ) {
        var (time, days, kind) = (LocalTime.defaultReport, ReportDays.daily, SubscriptionKindChoice.rain)
        if case .morning(let reportTime, let reportDays) = request.kind {
            (time, days, kind) = (reportTime, reportDays, .morning)
        }
        self.init(
            place: request.place, channel: request.channel, time: time, days: days, kind: kind, language: language,
            metadata: metadata)
        self.problem = problem
    }

    public var view: SlackView {
        let strings = ModalStrings.table(for: language)
        let place = PlainTextInputElement(
            actionID: ModalField.place.rawValue, placeholder: strings.placePlaceholder, initialValue: place,
            maxLength: PreferencesModal.placeMaxLength)
        let channel = ConversationsSelectElement(
            actionID: ModalField.channel.rawValue, placeholder: strings.channelPlaceholder, initialConversation: channel)
        let time = TimePickerElement(actionID: ModalField.time.rawValue, initialTime: time)
        let days = StaticSelectElement(actionID: ModalField.days.rawValue, placeholder: strings.daysLabel, chosen: self.days) {
            $0 == .daily ? strings.daily : strings.weekdays
        }
        let kind = StaticSelectElement(actionID: ModalField.kind.rawValue, placeholder: strings.kindLabel, chosen: self.kind) {
            $0 == .morning ? strings.morning : strings.rain
        }
        var blocks: [SurfaceBlock] = problem.map { [.block(Section.markdown("⚠️ " + $0))] } ?? []
        blocks += [
            .input(
                InputBlock(
                    blockID: ModalField.place.rawValue, label: strings.placeLabel, element: .plainText(place),
                    hint: strings.placeHint)),
            .input(
                InputBlock(
                    blockID: ModalField.channel.rawValue, label: strings.channelLabel, element: .conversationsSelect(channel),
                    hint: strings.channelHint)),
            .input(
                InputBlock(
                    blockID: ModalField.time.rawValue, label: strings.timeLabel, element: .timePicker(time),
                    hint: strings.timeHint)),
            .input(InputBlock(blockID: ModalField.days.rawValue, label: strings.daysLabel, element: .staticSelect(days))),
            .input(
                InputBlock(
                    blockID: ModalField.kind.rawValue, label: strings.kindLabel, element: .staticSelect(kind),
                    hint: strings.kindHint)),
        ]
        return .modal(
            title: strings.subscribeTitle, blocks: blocks, callbackID: HomeIDs.subscribeCallback, submit: strings.subscribe,
            close: strings.cancel, privateMetadata: metadata.encoded)
    }
}
