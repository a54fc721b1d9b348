/// Removes the credential parts of every URL in a text, so that an error or a log line that
/// quotes a setting or an address cannot carry a password or a token.
///
/// The credential parts of a URL are its userinfo's password (`user:***@`; a userinfo without a
/// `:` is itself often a token, and is masked whole), every query value (`?token=***`: feeds,
/// webhooks and libpq URIs all take secrets there), and the fragment. Scheme, host, port and path
/// stay, so the message still says where.
public enum CredentialRedaction {
    /// What is written instead of a credential.
    public static let mask = "***"

    /// `text` with every `scheme://…` in it redacted as `redactingURL` does; text without `://` is
    /// returned as it is.
    public static func redactingURLs(in text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = findSeparator(in: bytes, from: 0) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var copied = 0
        var separator: Int? = first
        while let at = separator {
            var start = at
            while start > copied, isSchemeByte(bytes[start - 1]) { start -= 1 }
            var end = at + 3
            while end < bytes.count, !isURLEnd(bytes[end]) { end += 1 }
            out.append(contentsOf: bytes[copied..<start])
            out.append(contentsOf: redacting(url: bytes[start..<end], schemeEnd: at - start))
            copied = end
            separator = findSeparator(in: bytes, from: end)
        }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    /// One URL (the whole text) with its credential parts masked.
    public static func redactingURL(_ url: String) -> String {
        redactingURLs(in: url)
    }

    private static func findSeparator(in bytes: [UInt8], from index: Int) -> Int? {
        var i = index
        while i + 2 < bytes.count {
            if bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/") { return i }
            i += 1
        }
        return nil
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// Where a URL quoted in prose or in a list ends: white space, quotes, `;` (the feed list's
    /// separator), `,` (every other list's), angle brackets and backquotes.
    private static func isURLEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""),
            UInt8(ascii: "'"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"):
            true
        default: false
        }
    }

    private static func redacting(url: ArraySlice<UInt8>, schemeEnd: Int) -> [UInt8] {
        let base = url.startIndex
        let authorityStart = base + schemeEnd + 3
        var out = Array(url[base..<authorityStart])
        var authorityEnd = authorityStart
        while authorityEnd < url.endIndex, !"/?#".utf8.contains(url[authorityEnd]) { authorityEnd += 1 }
        let authority = url[authorityStart..<authorityEnd]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            let userinfo = authority[authority.startIndex..<at]
            if let colon = userinfo.firstIndex(of: UInt8(ascii: ":")) {
                out.append(contentsOf: userinfo[userinfo.startIndex...colon])
            }
            out.append(contentsOf: mask.utf8)
            out.append(contentsOf: authority[at...])
        } else {
            out.append(contentsOf: authority)
        }
        var index = authorityEnd
        while index < url.endIndex, url[index] != UInt8(ascii: "?"), url[index] != UInt8(ascii: "#") {
            out.append(url[index])
            index += 1
        }
        if index < url.endIndex, url[index] == UInt8(ascii: "?") {
            out.append(UInt8(ascii: "?"))
            index += 1
            var queryEnd = index
            while queryEnd < url.endIndex, url[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            let items = url[index..<queryEnd].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
            for (number, item) in items.enumerated() {
                if number > 0 { out.append(UInt8(ascii: "&")) }
                if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                    out.append(contentsOf: item[item.startIndex...equals])
                    if equals + 1 < item.endIndex { out.append(contentsOf: mask.utf8) }
                } else if !item.isEmpty {
                    out.append(contentsOf: mask.utf8)
                }
            }
            index = queryEnd
        }
        if index < url.endIndex {  // a fragment
            out.append(UInt8(ascii: "#"))
            if index + 1 < url.endIndex { out.append(contentsOf: mask.utf8) }
        }
        return out
    }
}
