import TenkiBase

extension SlashCommandPayload {
    /// A known field's value: decoded, or, for a field read on demand whose bytes in the body are
    /// plain (valid as they stand), where those bytes are.
    enum FieldValue: Sendable {
        case decoded(String)
        case plain(Range<Int>)

        /// The value; a plain one from `body`, the bytes it was read from.
        func string(in body: [UInt8]) -> String {
            switch self {
            case .decoded(let value): value
            case .plain(let range): String(decoding: body[range], as: UTF8.self)
            }
        }
    }

    /// The known fields' values while a form is read: one stored property per `KnownField`, reached by a
    /// switch, so reading a form allocates nothing of its own and no field is found by its name twice.
    struct KnownFields {
        var token, teamID, teamDomain, enterpriseID, enterpriseName, channelID, channelName: FieldValue?
        var userID, userName, command, text, responseURL, triggerID, apiAppID: FieldValue?
        var isEnterpriseInstall, sslCheck: FieldValue?

        /// Sets `field` to `value` unless it has a value already (a duplicate): then returns false.
        /// The value is moved into its slot (`consuming`), not retained there and released by the reader.
        mutating func fill(_ field: KnownField, with value: consuming FieldValue) -> Bool {
            switch field {
            case .token: SlashCommandPayload.fill(&token, value)
            case .teamID: SlashCommandPayload.fill(&teamID, value)
            case .teamDomain: SlashCommandPayload.fill(&teamDomain, value)
            case .enterpriseID: SlashCommandPayload.fill(&enterpriseID, value)
            case .enterpriseName: SlashCommandPayload.fill(&enterpriseName, value)
            case .channelID: SlashCommandPayload.fill(&channelID, value)
            case .channelName: SlashCommandPayload.fill(&channelName, value)
            case .userID: SlashCommandPayload.fill(&userID, value)
            case .userName: SlashCommandPayload.fill(&userName, value)
            case .command: SlashCommandPayload.fill(&command, value)
            case .text: SlashCommandPayload.fill(&text, value)
            case .responseURL: SlashCommandPayload.fill(&responseURL, value)
            case .triggerID: SlashCommandPayload.fill(&triggerID, value)
            case .apiAppID: SlashCommandPayload.fill(&apiAppID, value)
            case .isEnterpriseInstall: SlashCommandPayload.fill(&isEnterpriseInstall, value)
            case .sslCheck: SlashCommandPayload.fill(&sslCheck, value)
            }
        }

        subscript(field: KnownField) -> FieldValue? {
            get {
                switch field {
                case .token: token
                case .teamID: teamID
                case .teamDomain: teamDomain
                case .enterpriseID: enterpriseID
                case .enterpriseName: enterpriseName
                case .channelID: channelID
                case .channelName: channelName
                case .userID: userID
                case .userName: userName
                case .command: command
                case .text: text
                case .responseURL: responseURL
                case .triggerID: triggerID
                case .apiAppID: apiAppID
                case .isEnterpriseInstall: isEnterpriseInstall
                case .sslCheck: sslCheck
                }
            }
            set {
                switch field {
                case .token: token = newValue
                case .teamID: teamID = newValue
                case .teamDomain: teamDomain = newValue
                case .enterpriseID: enterpriseID = newValue
                case .enterpriseName: enterpriseName = newValue
                case .channelID: channelID = newValue
                case .channelName: channelName = newValue
                case .userID: userID = newValue
                case .userName: userName = newValue
                case .command: command = newValue
                case .text: text = newValue
                case .responseURL: responseURL = newValue
                case .triggerID: triggerID = newValue
                case .apiAppID: apiAppID = newValue
                case .isEnterpriseInstall: isEnterpriseInstall = newValue
                case .sslCheck: sslCheck = newValue
                }
            }
        }
    }

    /// Fills an empty slot; false when it already has a value.
    fileprivate static func fill(_ slot: inout FieldValue?, _ value: consuming FieldValue) -> Bool {
        guard slot == nil else { return false }
        slot = value
        return true
    }

    /// The fields this type reads (a duplicate of any of them is refused).
    enum KnownField: Int, CaseIterable {
        case token, teamID, teamDomain, enterpriseID, enterpriseName, channelID, channelName, userID, userName
        case command, text, responseURL, triggerID, apiAppID, isEnterpriseInstall, sslCheck

        /// Fields no request path reads before a command is answered (none is part of a stored
        /// answer's key or of the reply's context): a plain value stays bytes in the body until read.
        var isReadOnDemand: Bool {
            switch self {
            case .token, .teamDomain, .enterpriseName, .channelName, .userName, .triggerID, .apiAppID: true
            default: false
            }
        }

        init?(name: String) {
            var name = name
            guard let field = name.withUTF8({ Self(name: $0) }) else { return nil }
            self = field
        }

        /// By length first, so that a name is compared with at most three candidates and never hashed
        /// (hashing would cost a sixth of a cached command's instructions).
        init?(name: UnsafeBufferPointer<UInt8>) {
            func named(_ candidate: StaticString) -> Bool {
                guard candidate.utf8CodeUnitCount == name.count, let base = name.baseAddress else { return false }
                return ShortBytes.equal(candidate.utf8Start, base, count: name.count)
            }
            switch name.count {
            case 4 where named("text"): self = .text
            case 5 where named("token"): self = .token
            case 7 where named("team_id"): self = .teamID
            case 7 where named("user_id"): self = .userID
            case 7 where named("command"): self = .command
            case 9 where named("user_name"): self = .userName
            case 9 where named("ssl_check"): self = .sslCheck
            case 10 where named("channel_id"): self = .channelID
            case 10 where named("trigger_id"): self = .triggerID
            case 10 where named("api_app_id"): self = .apiAppID
            case 11 where named("team_domain"): self = .teamDomain
            case 12 where named("channel_name"): self = .channelName
            case 12 where named("response_url"): self = .responseURL
            case 13 where named("enterprise_id"): self = .enterpriseID
            case 15 where named("enterprise_name"): self = .enterpriseName
            case 21 where named("is_enterprise_install"): self = .isEnterpriseInstall
            default: return nil
            }
        }

        /// The field's name as Slack spells it, a literal: making it costs nothing, unlike decoding it.
        var name: String {
            switch self {
            case .token: "token"
            case .teamID: "team_id"
            case .teamDomain: "team_domain"
            case .enterpriseID: "enterprise_id"
            case .enterpriseName: "enterprise_name"
            case .channelID: "channel_id"
            case .channelName: "channel_name"
            case .userID: "user_id"
            case .userName: "user_name"
            case .command: "command"
            case .text: "text"
            case .responseURL: "response_url"
            case .triggerID: "trigger_id"
            case .apiAppID: "api_app_id"
            case .isEnterpriseInstall: "is_enterprise_install"
            case .sslCheck: "ssl_check"
            }
        }
    }
}
