// swift-format-ignore-file: one line per field, read as a table.

/// The fields no request path reads before a command is answered (`KnownField.isReadOnDemand`). Read
/// from a body, a plain value stays there, as its range, until it is asked for: a cached command then
/// makes and releases no `String` for them. Setting one stores the value itself.
extension SlashCommandPayload {
    /// The deprecated verification token. Never used for authentication (the request signature is).
    public var token: String? { get { self[\.tokenValue] } set { self[\.tokenValue] = newValue } }
    public var teamDomain: String? { get { self[\.teamDomainValue] } set { self[\.teamDomainValue] = newValue } }
    public var enterpriseName: String? { get { self[\.enterpriseNameValue] } set { self[\.enterpriseNameValue] = newValue } }
    public var channelName: String? { get { self[\.channelNameValue] } set { self[\.channelNameValue] = newValue } }
    public var userName: String? { get { self[\.userNameValue] } set { self[\.userNameValue] = newValue } }
    public var triggerID: String? { get { self[\.triggerIDValue] } set { self[\.triggerIDValue] = newValue } }
    public var apiAppID: String? { get { self[\.apiAppIDValue] } set { self[\.apiAppIDValue] = newValue } }

    /// The field kept at `stored`, as text (made from the body when it was left there); set, the text itself.
    subscript(stored: WritableKeyPath<SlashCommandPayload, FieldValue?>) -> String? {
        get { string(self[keyPath: stored]) }
        set { self[keyPath: stored] = newValue.map(FieldValue.decoded) }
    }
}
