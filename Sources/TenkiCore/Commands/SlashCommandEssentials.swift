#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a stored answer to a slash command depends on: the command, its text and who typed it.
///
/// Read straight from the form body's bytes by `init?(formBody:)`, for the listener's fast path,
/// which answers a command whose reply is already stored: it needs five of Slack's dozen fields, and
/// decoding them all into `String`s (`FormURLEncoded.decode` plus `SlashCommandPayload(form:)`)
/// costs a fifth of such a request's instructions.
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
            // The pair up to `&`, its name up to the first `=`, found with memchr; then eight bytes at
            // a time for what needs a closer look (a byte-by-byte loop would double this scan).
            let end = Self.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: start, to: bytes.count) ?? bytes.count
            defer { start = end + 1 }
            guard end > start else { continue }  // an empty pair, skipped by the decoder too
            let equals = Self.firstIndex(of: UInt8(ascii: "="), in: bytes, from: start, to: end)
            let name = UnsafeBufferPointer(rebasing: bytes[start..<(equals ?? end)])
            let value = equals.map { ($0 + 1)..<end } ?? end..<end
            // An escaped or non-ASCII name may decode to a known one: leave it to the full decoder.
            guard FormURLEncoded.isPlain(bytes, start..<(equals ?? end), plusIsSpecial: true) else { return nil }
            guard FormURLEncoded.isPlain(bytes, value, plusIsSpecial: false) || FormURLEncoded.isValidComponent(bytes, value) else {
                return nil
            }
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

extension SlashCommandEssentials {
    /// The first `byte` in `from..<to`, found with memchr (vectorised).
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

extension SlashCommandPayload {
    /// The fields a stored answer depends on (see `SlashCommandEssentials`).
    public var essentials: SlashCommandEssentials {
        SlashCommandEssentials(command: command, text: text, userID: userID, teamID: teamID, enterpriseID: enterpriseID)
    }
}
