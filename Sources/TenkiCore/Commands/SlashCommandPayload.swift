/// One slash-command request as Slack posts it (`application/x-www-form-urlencoded`), with Swift names.
///
/// Only `command` and `user_id` are required: everything a handler needs to run and to answer. The rest is
/// optional because Slack omits fields depending on the workspace (enterprise fields outside Enterprise
/// Grid, `api_app_id` on old apps) and because Mattermost, which copies this format, omits even more.
/// Values are kept exactly as sent (no trimming): interpreting `text` is the command parser's job, and
/// `response_url` is checked against the allowed hosts by whoever follows it.
///
/// Slack's `ssl_check=1` ping carries neither a command nor a user; for it `sslCheck` is true, `command`
/// and `userID` are empty, and nothing should be run.
public struct SlashCommandPayload: Sendable, Equatable {
    /// The deprecated verification token. Never used for authentication (the request signature is).
    public var token: String?
    public var teamID: String?
    public var teamDomain: String?
    public var enterpriseID: String?
    public var enterpriseName: String?
    public var channelID: String?
    public var channelName: String?
    public var userID: String
    public var userName: String?
    /// The command as typed, with its slash: `/weather`.
    public var command: String
    /// Everything after the command; "" when the user typed nothing (or the field was absent).
    public var text: String
    public var responseURL: String?
    public var triggerID: String?
    public var apiAppID: String?
    /// Slack sends the string `"true"` or `"false"`; absent means false.
    public var isEnterpriseInstall: Bool
    /// Slack's `ssl_check=1` certificate ping: answer 200 with an empty body, run nothing.
    public var sslCheck: Bool
    /// Every field in arrival order, including ones this type does not model (for recording and replay).
    public var rawFields: [(name: String, value: String)]
    /// Where the command came from (set by the route that received it): answers are rendered for it.
    public var platform: ChatPlatform = .slack
    /// The language the caller's client asks for (Discord's `locale`); nil: the deployment's.
    public var language: WeatherLanguage?

    /// Builds a payload from code (preview, demo, tests); `rawFields` then holds what Slack would have sent.
    public init(
        command: String,
        text: String = "",
        userID: String,
        userName: String? = nil,
        teamID: String? = nil,
        teamDomain: String? = nil,
        enterpriseID: String? = nil,
        enterpriseName: String? = nil,
        channelID: String? = nil,
        channelName: String? = nil,
        responseURL: String? = nil,
        triggerID: String? = nil,
        apiAppID: String? = nil,
        isEnterpriseInstall: Bool = false,
        token: String? = nil
    ) {
        self.token = token
        self.teamID = teamID
        self.teamDomain = teamDomain
        self.enterpriseID = enterpriseID
        self.enterpriseName = enterpriseName
        self.channelID = channelID
        self.channelName = channelName
        self.userID = userID
        self.userName = userName
        self.command = command
        self.text = text
        self.responseURL = responseURL
        self.triggerID = triggerID
        self.apiAppID = apiAppID
        self.isEnterpriseInstall = isEnterpriseInstall
        self.sslCheck = false
        let optional: [(String, String?)] = [
            ("token", token), ("team_id", teamID), ("team_domain", teamDomain), ("enterprise_id", enterpriseID),
            ("enterprise_name", enterpriseName), ("channel_id", channelID), ("channel_name", channelName),
            ("user_id", userID), ("user_name", userName), ("command", command), ("text", text),
            ("api_app_id", apiAppID), ("is_enterprise_install", isEnterpriseInstall ? "true" : "false"),
            ("response_url", responseURL), ("trigger_id", triggerID),
        ]
        self.rawFields = optional.compactMap { name, value in value.map { (name: name, value: $0) } }
    }

    /// Reads the fields of a decoded form (see `FormURLEncoded.decode`). Unknown fields are kept in
    /// `rawFields` and otherwise ignored, so a field Slack adds tomorrow does not break today's build.
    public init(form fields: [(name: String, value: String)]) throws(SlashCommandPayloadError) {
        // One slot per known field, found by length and bytes (no name is hashed) and then read by its
        // case, never by looking a name up again; the slots are stored properties, so nothing is allocated.
        var known = KnownFields()
        for (name, value) in fields {
            guard let field = KnownField(name: name) else { continue }
            guard known[field] == nil else { throw .duplicateField(name) }
            known[field] = value
        }
        try self.init(known: &known, rawFields: fields)
    }

    /// Decodes a form body (`FormURLEncoded`) and reads its fields in the same pass: the same payload,
    /// and the same error, as `init(form: FormURLEncoded.decode(body))` (a form error before a field
    /// error, whichever comes first in the body), without walking the fields a second time.
    public init(formBody body: [UInt8]) throws(SlashCommandPayloadError) {
        self = try body.withUnsafeBufferPointer { (buffer) throws(SlashCommandPayloadError) in try Self.decoding(buffer) }
    }

    /// `init(formBody:)` on the body's bytes. The slots and the field list are plain locals, moved
    /// into the payload at the end rather than copied.
    private static func decoding(_ buffer: UnsafeBufferPointer<UInt8>) throws(SlashCommandPayloadError) -> Self {
        var known = KnownFields()
        var duplicate: KnownField?
        var fields: [(name: String, value: String)] = []
        // Room for every field this type knows; a longer form grows the array, as any would.
        fields.reserveCapacity(KnownField.allCases.count)
        var reader = FormURLEncoded.FieldReader(buffer)
        do {
            while let (name, value, field) = try reader.next() {
                fields.append((name: name, value: value))
                if let field, !known.fill(field, with: value), duplicate == nil { duplicate = field }
            }
        } catch {
            throw .form(error)
        }
        if let duplicate { throw .duplicateField(duplicate.name) }
        return try Self(known: &known, rawFields: fields)
    }

    /// The payload from the known fields' values, each taken out of its slot (moved, not copied);
    /// `rawFields` is every field as sent.
    private init(
        known: inout KnownFields, rawFields fields: consuming [(name: String, value: String)]
    ) throws(SlashCommandPayloadError) {
        switch known.sslCheck {
        case nil, "0": sslCheck = false
        case "1": sslCheck = true
        default: throw .invalidBoolean("ssl_check")
        }
        switch known.isEnterpriseInstall {
        case nil, "false": isEnterpriseInstall = false
        case "true": isEnterpriseInstall = true
        default: throw .invalidBoolean("is_enterprise_install")
        }
        let command = known.command.take() ?? "", userID = known.userID.take() ?? ""
        if !sslCheck {
            guard !command.isEmpty else { throw .missingField("command") }
            guard !userID.isEmpty else { throw .missingField("user_id") }
        }
        self.command = command
        self.userID = userID
        token = known.token.take()
        teamID = known.teamID.take()
        teamDomain = known.teamDomain.take()
        enterpriseID = known.enterpriseID.take()
        enterpriseName = known.enterpriseName.take()
        channelID = known.channelID.take()
        channelName = known.channelName.take()
        userName = known.userName.take()
        text = known.text.take() ?? ""
        responseURL = known.responseURL.take()
        triggerID = known.triggerID.take()
        apiAppID = known.apiAppID.take()
        rawFields = fields
    }

    public static func == (lhs: SlashCommandPayload, rhs: SlashCommandPayload) -> Bool {
        lhs.token == rhs.token && lhs.teamID == rhs.teamID && lhs.teamDomain == rhs.teamDomain
            && lhs.enterpriseID == rhs.enterpriseID && lhs.enterpriseName == rhs.enterpriseName
            && lhs.channelID == rhs.channelID && lhs.channelName == rhs.channelName && lhs.userID == rhs.userID
            && lhs.userName == rhs.userName && lhs.command == rhs.command && lhs.text == rhs.text
            && lhs.responseURL == rhs.responseURL && lhs.triggerID == rhs.triggerID && lhs.apiAppID == rhs.apiAppID
            && lhs.isEnterpriseInstall == rhs.isEnterpriseInstall && lhs.sslCheck == rhs.sslCheck && lhs.platform == rhs.platform
            && lhs.language == rhs.language
            && lhs.rawFields.elementsEqual(rhs.rawFields) { $0.name == $1.name && $0.value == $1.value }
    }
}
