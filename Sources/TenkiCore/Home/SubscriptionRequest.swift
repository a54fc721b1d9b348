/// A checked submission of the subscribe modal: what `/weather subscribe` would have said.
/// The place still has to be geocoded and the channel tried (`not_in_channel`, its limit) by the
/// caller, whose failures go back with `ViewSubmissionResponse.placeNotFound` and `.channelRefused`.
public struct SubscriptionRequest: Sendable, Equatable {
    public var place: String
    /// A channel id (`C…` or `G…`).
    public var channel: String
    public var kind: Subscription.Kind

    public init(place: String, channel: String, kind: Subscription.Kind) {
        self.place = place
        self.channel = channel
        self.kind = kind
    }

    /// Reads and checks `place`, `channel`, `kind`, and for a morning report `time` and `days`;
    /// every field's problem at once. A rain alert ignores the time and days fields.
    public static func read(_ submission: ViewSubmission, language: WeatherLanguage) -> Result<SubscriptionRequest, FieldErrors> {
        let strings = ModalStrings.table(for: language)
        var errors = FieldErrors()
        var place = ""
        switch PlaceField.read(submission[.place]?.value, strings: strings) {
        case .success(let text): place = text
        case .failure(let problem): errors = problem
        }
        let channel = submission[.channel].flatMap { $0.selectedConversation ?? $0.selectedChannel } ?? ""
        if channel.isEmpty {
            errors.add(strings.channelMissing, for: .channel)
        } else if !isChannelID(channel) {
            errors.add(strings.channelInvalid, for: .channel)
        }
        var kind: Subscription.Kind?
        switch submission[.kind]?.selectedOption.flatMap(SubscriptionKindChoice.init(rawValue:)) {
        case .rain?:
            kind = .rain
        case .morning?:
            let time = readTime(submission[.time]?.selectedTime, strings: strings, errors: &errors)
            let days = submission[.days]?.selectedOption.flatMap(ReportDays.init(rawValue:))
            if days == nil { errors.add(strings.choiceMissing, for: .days) }
            if let time, let days { kind = .morning(time, days) }
        case nil:
            errors.add(strings.choiceMissing, for: .kind)
        }
        guard errors.isEmpty, let kind else { return .failure(errors) }
        return .success(SubscriptionRequest(place: place, channel: channel, kind: kind))
    }

    /// `HH:mm` on a 24-hour clock, as the timepicker sends it; anything else is refused.
    static func readTime(_ text: String?, strings: ModalStrings, errors: inout FieldErrors) -> LocalTime? {
        guard let text, !text.isEmpty else {
            errors.add(strings.timeMissing, for: .time)
            return nil
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { $0.count == 2 && $0.allSatisfy { ("0"..."9").contains($0) } }
        guard parts.count == 2, digits, let time = LocalTime(hour: Int(parts[0]) ?? -1, minute: Int(parts[1]) ?? -1) else {
            let shown = String(text.prefix(20))
            errors.add(ReplyStrings.fill(strings.timeInvalid, ["time": shown]), for: .time)
            return nil
        }
        return time
    }

    /// A public (`C…`) or private (`G…`) channel id; direct messages (`D…`) cannot subscribe.
    public static func isChannelID(_ text: String) -> Bool {
        guard let first = text.first, first == "C" || first == "G", (3...40).contains(text.count) else { return false }
        return text.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
