/// Why a form body was refused. Offsets are byte offsets into the body, so a log line can point at
/// the bad spot without echoing attacker-chosen bytes.
public enum FormDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `%` not followed by two hex digits (`%`, `%4`, `%zz`).
    case malformedPercentEscape(offset: Int)
    /// A name or value whose percent-decoded bytes are not UTF-8. `offset` is where its pair starts.
    case invalidUTF8(offset: Int)

    public var description: String {
        switch self {
        case .malformedPercentEscape(let offset):
            "form body: malformed percent escape at byte \(offset)"
        case .invalidUTF8(let offset):
            "form body: field at byte \(offset) is not valid UTF-8 after percent-decoding"
        }
    }
}
