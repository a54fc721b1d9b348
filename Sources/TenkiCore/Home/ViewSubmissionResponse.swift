/// The body that answers a `view_submission` within Slack's 3 seconds. An empty 200 (no body)
/// closes the modal; these keep it open:
/// - `errors`: `{"response_action": "errors", "errors": {BLOCK_ID: TEXT}}`, shown under the fields;
/// - `update`: `{"response_action": "update", "view": {...}}`, the modal replaced (the
///   "checking…" view, followed later by `views.update` with the outcome).
public enum ViewSubmissionResponse: Sendable, Equatable, Encodable {
    case errors(FieldErrors)
    case update(SlackView)

    /// The geocoder found nothing for `place`: said on the `place` field.
    public static func placeNotFound(_ place: String, language: WeatherLanguage) -> ViewSubmissionResponse {
        let text = ReplyStrings.fill(ModalStrings.table(for: language).placeNotFound, ["place": String(place.prefix(100))])
        return .errors(FieldErrors([.place: text]))
    }

    /// Slack refused Tenki's confirmation post in the chosen channel (`chat.postMessage`'s
    /// error): said on the `channel` field, with how to fix `not_in_channel`.
    public static func channelRefused(slackError: String, language: WeatherLanguage) -> ViewSubmissionResponse {
        let strings = ModalStrings.table(for: language)
        guard slackError != "not_in_channel" else { return .errors(FieldErrors([.channel: strings.notInChannel])) }
        let code =
            slackError.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            ? String(slackError.prefix(64)) : "?"
        return .errors(FieldErrors([.channel: ReplyStrings.fill(strings.channelRefused, ["error": code])]))
    }

    /// The channel already holds `limit` subscriptions (`TENKI_MAX_SUBSCRIPTIONS_PER_CHANNEL`).
    public static func channelFull(limit: Int, language: WeatherLanguage) -> ViewSubmissionResponse {
        let text = ReplyStrings.fill(ModalStrings.table(for: language).channelFull, ["count": String(limit)])
        return .errors(FieldErrors([.channel: text]))
    }

    /// The interim answer while the place lookup or the channel check runs past the budget.
    public static func checking(place: String, language: WeatherLanguage) -> ViewSubmissionResponse {
        .update(ModalNotice.checking(place: place, language: language).view)
    }

    enum CodingKeys: String, CodingKey {
        case responseAction = "response_action"
        case errors, view
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .errors(let errors):
            try container.encode("errors", forKey: .responseAction)
            let byBlock = Dictionary(uniqueKeysWithValues: errors.messages.map { ($0.key.rawValue, $0.value) })
            try container.encode(byBlock, forKey: .errors)
        case .update(let view):
            try container.encode("update", forKey: .responseAction)
            try container.encode(view, forKey: .view)
        }
    }
}
