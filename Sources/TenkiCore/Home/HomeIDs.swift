/// The fixed names of the Home tab and the modals (CONTRACT.md, "App Home and modals"). Outside
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
