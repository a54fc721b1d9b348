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
    // `token`, `teamDomain`, `enterpriseName`, `channelName`, `userName`, `triggerID` and `apiAppID`
    // are read on demand (SlashCommandPayload+OnDemandFields.swift): their values stay in the body
    // until asked for.
    public var teamID: String?
    public var enterpriseID: String?
    public var channelID: String?
    public var userID: String
    /// The command as typed, with its slash: `/weather`.
    public var command: String
    /// Everything after the command; "" when the user typed nothing (or the field was absent).
    public var text: String
    public var responseURL: String?
    /// Slack sends the string `"true"` or `"false"`; absent means false.
    public var isEnterpriseInstall: Bool
    /// Slack's `ssl_check=1` certificate ping: answer 200 with an empty body, run nothing.
    public var sslCheck: Bool
    /// Every field in arrival order, including ones this type does not model (for recording and replay).
    /// A payload read from a body keeps the body (a reference, not a copy) and decodes the list again
    /// only when asked: no request path reads it, so a command does not pay for a second copy of
    /// every field and its release.
    public var rawFields: [(name: String, value: String)] {
        switch form {
        case .fields(let fields): fields
        // The body was decoded once already, without error, when this payload was made from it.
        case .body(let body): (try? FormURLEncoded.decode(body)) ?? []
        }
    }
    private var form: Form
    var tokenValue, teamDomainValue, enterpriseNameValue, channelNameValue, userNameValue: FieldValue?
    var triggerIDValue, apiAppIDValue: FieldValue?
    /// Where the command came from (set by the route that received it): answers are rendered for it.
    public var platform: ChatPlatform = .slack
    /// The language the caller's client asks for (Discord's `locale`); nil: the deployment's.
    public var language: WeatherLanguage?

    // The initialisers are in the extension below, so that Swift synthesises the memberwise one: the
    // decoders build a payload with it. One that assigns the properties one by one ends with a copy of
    // the whole payload (every string retained and released once more), which the synthesised one does not.

    /// A field read on demand: decoded, or its plain bytes in the body.
    func string(_ value: FieldValue?) -> String? {
        guard let value else { return nil }
        switch (value, form) {
        case (.decoded(let string), _): return string
        case (.plain, .body(let body)): return value.string(in: body)
        // A plain value is only ever read from a body, which `form` keeps.
        case (.plain, .fields): return nil
        }
    }

    /// Where `rawFields` comes from: the fields themselves, or the body they are decoded from.
    private enum Form: Sendable {
        case fields([(name: String, value: String)])
        case body([UInt8])
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

extension SlashCommandPayload {
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
        self.tokenValue = token.map(FieldValue.decoded)
        self.teamID = teamID
        self.teamDomainValue = teamDomain.map(FieldValue.decoded)
        self.enterpriseID = enterpriseID
        self.enterpriseNameValue = enterpriseName.map(FieldValue.decoded)
        self.channelID = channelID
        self.channelNameValue = channelName.map(FieldValue.decoded)
        self.userID = userID
        self.userNameValue = userName.map(FieldValue.decoded)
        self.command = command
        self.text = text
        self.responseURL = responseURL
        self.triggerIDValue = triggerID.map(FieldValue.decoded)
        self.apiAppIDValue = apiAppID.map(FieldValue.decoded)
        self.isEnterpriseInstall = isEnterpriseInstall
        self.sslCheck = false
        let optional: [(String, String?)] = [
            ("token", token), ("team_id", teamID), ("team_domain", teamDomain), ("enterprise_id", enterpriseID),
            ("enterprise_name", enterpriseName), ("channel_id", channelID), ("channel_name", channelName),
            ("user_id", userID), ("user_name", userName), ("command", command), ("text", text),
            ("api_app_id", apiAppID), ("is_enterprise_install", isEnterpriseInstall ? "true" : "false"),
            ("response_url", responseURL), ("trigger_id", triggerID),
        ]
        self.form = .fields(optional.compactMap { name, value in value.map { (name: name, value: $0) } })
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
            known[field] = .decoded(value)
        }
        let flags = try Self.flags(known)
        self.init(known: &known, flags: flags, form: .fields(fields))
    }

    /// Decodes a form body (`FormURLEncoded`) and reads its fields in the same pass: the same payload,
    /// and the same error, as `init(form: FormURLEncoded.decode(body))` (a form error before a field
    /// error, whichever comes first in the body), without walking the fields a second time.
    public static func decoding(formBody body: [UInt8]) throws(SlashCommandPayloadError) -> SlashCommandPayload {
        // The fields read on demand stay in the body (kept as `form`) when they are plain.
        var known = try body.withUnsafeBufferPointer { (buffer) throws(SlashCommandPayloadError) in
            try Self.knownFields(buffer)
        }
        let flags = try Self.flags(known)
        return SlashCommandPayload(known: &known, flags: flags, form: .body(body))
    }

    /// The known fields' values of a form body, read in one pass; unknown fields are decoded (so a
    /// malformed one is refused as `FormURLEncoded.decode` refuses it) and not kept.
    private static func knownFields(_ buffer: UnsafeBufferPointer<UInt8>) throws(SlashCommandPayloadError) -> KnownFields {
        var known = KnownFields()
        var duplicate: KnownField?
        var reader = FormURLEncoded.FieldReader(buffer, deferring: true)
        do {
            while let (_, value, field) = try reader.next() {
                if let field, !known.fill(field, with: value), duplicate == nil { duplicate = field }
            }
        } catch {
            throw .form(error)
        }
        if let duplicate { throw .duplicateField(duplicate.name) }
        return known
    }

    /// `ssl_check` and `is_enterprise_install` read, and the fields a command needs checked: every
    /// way a payload can be refused once its fields are known.
    private static func flags(
        _ known: KnownFields
    ) throws(SlashCommandPayloadError) -> (sslCheck: Bool, isEnterpriseInstall: Bool) {
        func decoded(_ slot: FieldValue?) -> String? { if case .decoded(let value) = slot { value } else { nil } }
        let sslCheck: Bool
        switch decoded(known.sslCheck) {
        case nil, "0": sslCheck = false
        case "1": sslCheck = true
        default: throw .invalidBoolean("ssl_check")
        }
        let isEnterpriseInstall: Bool
        switch decoded(known.isEnterpriseInstall) {
        case nil, "false": isEnterpriseInstall = false
        case "true": isEnterpriseInstall = true
        default: throw .invalidBoolean("is_enterprise_install")
        }
        if !sslCheck {
            guard decoded(known.command)?.isEmpty == false else { throw .missingField("command") }
            guard decoded(known.userID)?.isEmpty == false else { throw .missingField("user_id") }
        }
        return (sslCheck, isEnterpriseInstall)
    }

    /// The payload from the known fields' values, each taken out of its slot (moved, not copied);
    /// `form` is every field as sent, or the body they were read from. It cannot fail: `flags`
    /// checked the fields first.
    @inline(__always)
    private init(known: inout KnownFields, flags: (sslCheck: Bool, isEnterpriseInstall: Bool), form: Form) {
        // Every field but those read on demand is decoded by the reader.
        func take(_ slot: inout FieldValue?) -> String? {
            guard case .decoded(let value) = slot.take() else { return nil }
            return value
        }
        self.init(
            teamID: take(&known.teamID), enterpriseID: take(&known.enterpriseID), channelID: take(&known.channelID),
            userID: take(&known.userID) ?? "", command: take(&known.command) ?? "", text: take(&known.text) ?? "",
            responseURL: take(&known.responseURL), isEnterpriseInstall: flags.isEnterpriseInstall, sslCheck: flags.sslCheck,
            form: form, tokenValue: known.token.take(), teamDomainValue: known.teamDomain.take(),
            enterpriseNameValue: known.enterpriseName.take(), channelNameValue: known.channelName.take(),
            userNameValue: known.userName.take(), triggerIDValue: known.triggerID.take(), apiAppIDValue: known.apiAppID.take())
    }
}
