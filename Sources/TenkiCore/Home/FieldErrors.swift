/// Messages for a modal's fields, by field: what `response_action: errors` shows under each.
/// Slack shows only fields that are in the modal, so keys are always `ModalField`s.
public struct FieldErrors: Error, Sendable, Equatable {
    public private(set) var messages: [ModalField: String]

    public init(_ messages: [ModalField: String] = [:]) {
        self.messages = messages
    }

    public var isEmpty: Bool { messages.isEmpty }

    /// The messages as one mrkdwn paragraph, escaped, in the fields' order: what a form brought
    /// back by `views.update` says at its top (`SubscribeModal(returning:problem:…)`).
    public var markdown: String {
        ModalField.allCases.compactMap { messages[$0] }.map(Mrkdwn.escape).joined(separator: "\n")
    }

    /// The first message given for a field stays (the most basic problem).
    public mutating func add(_ message: String, for field: ModalField) {
        if messages[field] == nil { messages[field] = message }
    }
}

/// A place as typed into a modal: control characters, bidirectional overrides (what `RichText.visible`
/// drops) and runs of spaces become one space, the ends are trimmed; empty, over
/// `PreferencesModal.placeMaxLength`, without a letter or digit, or what `PlaceQuery` cannot read
/// (coordinates out of range) is refused with the field's message. Whether the place exists is the
/// geocoder's question, later.
enum PlaceField {
    static func read(_ raw: String?, strings: ModalStrings) -> Result<String, FieldErrors> {
        let words = (raw ?? "").unicodeScalars.split {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control || RichText.isInvisibleControl($0)
        }
        let place = words.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        if place.isEmpty { return .failure(FieldErrors([.place: strings.placeMissing])) }
        if place.unicodeScalars.count > PreferencesModal.placeMaxLength {
            let max = String(PreferencesModal.placeMaxLength)
            return .failure(FieldErrors([.place: ReplyStrings.fill(strings.placeTooLong, ["max": max])]))
        }
        guard place.unicodeScalars.contains(where: SubscriptionCommand.isLetterOrDigit) else {
            return .failure(FieldErrors([.place: strings.placeWithoutLetters]))
        }
        // What `/weather set` would refuse (coordinates out of range): refused here too, never saved
        // as "no place", which would forget the one saved before.
        guard PlaceQuery(text: place) != nil else { return .failure(FieldErrors([.place: strings.placeNotAPlace])) }
        return .success(place)
    }
}
