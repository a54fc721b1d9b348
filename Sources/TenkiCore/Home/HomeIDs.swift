/// The fixed names of the Home tab and the modals (the outside contract, "App Home and modals"). Outside
/// tests press these buttons and submit these fields by name: never rename one.
public enum HomeIDs {
    /// The Home tab's buttons.
    public static let preferencesAction = "tenki.home.preferences"
    public static let subscribeAction = "tenki.home.subscribe"
    /// Value: the subscription's id (untrusted when it comes back; the removal re-checks the creator).
    public static let unsubscribeAction = "tenki.home.unsubscribe"

    /// `callback_id`s: which form a `view_submission` comes from.
    public static let preferencesCallback = "tenki.preferences"
    public static let subscribeCallback = "tenki.subscribe"
    /// The Home tab, and the "checking…" and outcome modals (nothing to submit in either).
    public static let homeCallback = "tenki.home"
    public static let noticeCallback = "tenki.notice"

    /// The subscription id a `tenki.home.unsubscribe` press carries, or nil when the value is not
    /// one (it comes back from the client: untrusted, and never more than a positive `Int64`).
    public static func subscriptionID(fromValue value: String) -> Int64? {
        guard (1...19).contains(value.utf8.count), value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let id = Int64(value), id > 0
        else { return nil }
        return id
    }
}

/// A modal's field. Its raw value is both the input block's `block_id` (the key of its message in
/// `response_action: errors`) and its element's `action_id`.
public enum ModalField: String, Sendable, CaseIterable, Hashable {
    case place, units, channel, time, days, kind
}

/// What a subscription modal's `kind` menu offers; the option values are these raw values.
public enum SubscriptionKindChoice: String, Sendable, CaseIterable {
    case morning, rain
}
