/// What a stored answer to a slash command depends on: the command, its text and who typed it.
///
/// Read straight from the form body's bytes by `init?(formBody:)`, for the listener's fast path,
/// which answers a command whose reply is already stored: decoding all of Slack's dozen fields into
/// `String`s (`FormURLEncoded.decode` plus `SlashCommandPayload(form:)`) was a fifth of such a
/// request's instructions, and this needs five of them.
///
/// The scan is as strict as that full decoding, so the fast path never accepts a body that the full
/// path would refuse: every `%` escape of every field is checked, every field that is not ASCII is
/// checked to be UTF-8, a repeated known field is refused, `is_enterprise_install` must be a boolean.
/// It is more cautious too: nil also for what is valid but rare (an escaped field name, an
/// `ssl_check` ping), and the caller then takes the full path, which answers those with its own
/// logs and errors. Where both accept a body, the values agree with `SlashCommandPayload.essentials`
/// (pinned by SlashCommandEssentialsTests over every fixture and thousands of mutated bodies).
public struct SlashCommandEssentials: Sendable, Equatable {
    /// The command as typed, with its slash: `/weather`.
    public var command: String
    /// Everything after the command, exactly as sent; "" when absent.
    public var text: String
    public var userID: String
    public var teamID: String?
    public var enterpriseID: String?

    public init(command: String, text: String, userID: String, teamID: String?, enterpriseID: String?) {
        self.command = command
        self.text = text
        self.userID = userID
        self.teamID = teamID
        self.enterpriseID = enterpriseID
    }

    /// The essentials of a form-encoded body, or nil when the full decoding must decide (see the type).
    public init?(formBody body: [UInt8]) {
        guard let scanned = body.withUnsafeBufferPointer({ Self.scan($0) }) else { return nil }
        self = scanned
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> SlashCommandEssentials? {
        var seen: UInt32 = 0  // one bit per `SlashCommandPayload.KnownField`: a repeated one is refused
        var command, text, userID, teamID, enterpriseID, sslCheck, enterpriseInstall: Range<Int>?
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            defer { start = end + 1 }
            guard end > start else { continue }  // an empty pair, skipped by the decoder too
            var equals = start
            while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<equals])
            // An escaped or non-ASCII name may decode to a known one: leave it to the full decoder.
            guard !name.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") || $0 >= 0x80 }) else {
                return nil
            }
            let value = equals < end ? (equals + 1)..<end : end..<end
            guard FormURLEncoded.isValidComponent(bytes, value) else { return nil }
            guard let field = SlashCommandPayload.KnownField(name: name) else { continue }
            let bit: UInt32 = 1 << field.rawValue
            guard seen & bit == 0 else { return nil }
            seen |= bit
            switch field {
            case .command: command = value
            case .text: text = value
            case .userID: userID = value
            case .teamID: teamID = value
            case .enterpriseID: enterpriseID = value
            case .sslCheck: sslCheck = value
            case .isEnterpriseInstall: enterpriseInstall = value
            default: break
            }
        }
        func string(_ range: Range<Int>?) -> String? {
            range.flatMap { FormURLEncoded.decodedComponent(bytes, $0) }
        }
        // `ssl_check` is read only when present (almost never): any value but "0" is the full path's business.
        if sslCheck != nil, string(sslCheck) != "0" { return nil }
        if enterpriseInstall != nil {
            guard let flag = string(enterpriseInstall), flag == "true" || flag == "false" else { return nil }
        }
        guard let command = string(command), !command.isEmpty, let userID = string(userID), !userID.isEmpty else {
            return nil
        }
        return SlashCommandEssentials(
            command: command, text: string(text) ?? "", userID: userID, teamID: string(teamID),
            enterpriseID: string(enterpriseID))
    }
}

extension SlashCommandPayload {
    /// The fields a stored answer depends on (see `SlashCommandEssentials`).
    public var essentials: SlashCommandEssentials {
        SlashCommandEssentials(command: command, text: text, userID: userID, teamID: teamID, enterpriseID: enterpriseID)
    }
}
