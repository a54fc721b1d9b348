/// Incremental UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF) for text messages that arrive in fragments: a fragment may end in the middle of a
/// character, and an invalid byte is reported as soon as it arrives, not at the end of the message.
struct UTF8Validator: Sendable {
    /// Continuation bytes the current character still needs.
    private var remaining = 0
    /// The range the next continuation byte must fall in (narrower than 0x80...0xBF right after the
    /// lead bytes E0, ED, F0 and F4, which is how overlongs, surrogates and > U+10FFFF are refused).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// False at the first byte that cannot continue valid UTF-8; the validator is then spent.
    mutating func consume(_ bytes: some Collection<UInt8>) -> Bool {
        for byte in bytes {
            if remaining > 0 {
                guard byte >= lower && byte <= upper else { return false }
                remaining -= 1
                lower = 0x80
                upper = 0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: remaining = 1
            case 0xE0: (remaining, lower) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
            case 0xED: (remaining, upper) = (2, 0x9F)
            case 0xF0: (remaining, lower) = (3, 0x90)
            case 0xF1...0xF3: remaining = 3
            case 0xF4: (remaining, upper) = (3, 0x8F)
            default: return false
            }
        }
        return true
    }

    /// True when no character is left half-read: the end of a message must be one.
    var isAtCharacterBoundary: Bool { remaining == 0 }
}
