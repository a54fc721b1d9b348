/// The fields no request path reads before a command is answered (`KnownField.isReadOnDemand`). Read
/// from a body, a plain value stays there, as its range, until it is asked for: a cached command then
/// makes and releases no `String` for them. Setting one stores the value itself.
extension SlashCommandPayload {
    /// The deprecated verification token. Never used for authentication (the request signature is).
    public var token: String? {
        get { string(tokenValue) }
        set { tokenValue = newValue.map(FieldValue.decoded) }
    }

    public var teamDomain: String? {
        get { string(teamDomainValue) }
        set { teamDomainValue = newValue.map(FieldValue.decoded) }
    }

    public var enterpriseName: String? {
        get { string(enterpriseNameValue) }
        set { enterpriseNameValue = newValue.map(FieldValue.decoded) }
    }

    public var channelName: String? {
        get { string(channelNameValue) }
        set { channelNameValue = newValue.map(FieldValue.decoded) }
    }

    public var userName: String? {
        get { string(userNameValue) }
        set { userNameValue = newValue.map(FieldValue.decoded) }
    }

    public var triggerID: String? {
        get { string(triggerIDValue) }
        set { triggerIDValue = newValue.map(FieldValue.decoded) }
    }

    public var apiAppID: String? {
        get { string(apiAppIDValue) }
        set { apiAppIDValue = newValue.map(FieldValue.decoded) }
    }
}
