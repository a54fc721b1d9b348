/// Why a decoded form is not a usable slash command. Each case names the form field (Slack's spelling),
/// so the 400 reply and the log line say what was wrong without echoing the value.
public enum SlashCommandPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A required field is absent or empty (`command`, `user_id`).
    case missingField(String)
    /// A field Tenki reads was sent more than once; which copy counts would be a guess an attacker could
    /// steer (HTTP parameter pollution), so neither does.
    case duplicateField(String)
    /// A field that should hold `true`/`false` (or `1` for `ssl_check`) held something else.
    case invalidBoolean(String)
    /// The body is not `application/x-www-form-urlencoded` as `FormURLEncoded` reads it.
    case form(FormDecodingError)

    public var description: String {
        switch self {
        case .missingField(let name): "slash command: missing or empty field \(name)"
        case .duplicateField(let name): "slash command: field \(name) sent more than once"
        case .invalidBoolean(let name): "slash command: field \(name) is not a boolean"
        case .form(let error): error.description
        }
    }
}
