import Foundation

/// Reads RSS 2.0 (and 0.9x), RSS 1.0 (RDF) and Atom 1.0 (and 0.3) documents into a `Feed`.
///
/// Pure: bytes in, a value or a typed error out. The XML is read by `XMLPullParser`, which never
/// resolves entities and refuses a DOCTYPE with an internal subset before reading any element (see
/// docs/ for why it is not FoundationXML). Everything is bounded by `FeedLimits`.
public enum FeedParser {
    /// - Parameters:
    ///   - bytes: the document as received, in any encoding `FeedTextEncoding` reads.
    ///   - url: where it came from, against which relative links are resolved (after `xml:base`).
    public static func parse(
        _ bytes: [UInt8], url: URL? = nil, limits: FeedLimits = .standard
    )
        throws(FeedParseError) -> Feed
    {
        guard bytes.count <= limits.maxDocumentBytes else { throw .tooLarge(.documentBytes(limits.maxDocumentBytes)) }
        let utf8 = try FeedTextEncoding.utf8(bytes)
        let root = try XMLTree.parse(utf8: utf8, documentURL: url, limits: limits)
        switch (root.localName, root.namespace) {
        case ("rss", _), ("RDF", FeedNamespace.rdf?):
            return RSSReader(root: root).feed()
        case ("feed", FeedNamespace.atom?), ("feed", FeedNamespace.atom03?), ("feed", nil):
            return AtomReader(root: root).feed()
        default:
            throw .notAFeed(root: root.namespace == nil ? root.localName : "\(root.localName) in \(root.namespace ?? "")")
        }
    }

    /// `text` as one line of plain text (tags stripped, entities decoded), or nil when that is empty.
    /// Only the first `maxHTMLCharacters` are read: a summary is a few lines, and a full article in
    /// `content:encoded` would otherwise cost its whole length for each item.
    static func plain(_ text: String?) -> String? {
        guard let text else { return nil }
        let head = text.utf8.count > maxHTMLCharacters ? String(text.prefix(maxHTMLCharacters)) : text
        let needsHTML = head.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") })
        let plain = needsHTML ? HTMLText.plainText(head) : HTMLText.collapsingWhitespace(head)
        return plain.isEmpty ? nil : plain
    }

    static let maxHTMLCharacters = 8_192

    /// `text` with whitespace collapsed but markup kept as written (Atom's `type="text"`), or nil.
    static func collapsed(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = HTMLText.collapsingWhitespace(text)
        return line.isEmpty ? nil : line
    }

    /// `reference` made absolute against `base`; as written when it cannot be (no base, not a URL).
    static func resolve(_ reference: String?, against base: URL?) -> String? {
        guard let trimmed = reference?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        guard let url = URL(string: trimmed, relativeTo: base)?.absoluteURL, url.scheme != nil else { return trimmed }
        return url.absoluteString
    }

    /// The `src` of the first `<img>` in an HTML fragment (many feeds put their picture only there),
    /// found by a scan of the bytes (`<img` and `src=` in any case).
    static func firstImageSource(inHTML html: String?) -> String? {
        guard let html else { return nil }
        let bytes = Array(html.utf8)
        guard let img = find(Array("<img".utf8), in: bytes, from: 0) else { return nil }
        let tagEnd = bytes[img...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.endIndex
        guard let src = find(Array("src=".utf8), in: bytes, from: img + 4), src < tagEnd, src + 4 < tagEnd else { return nil }
        let quote = bytes[src + 4]
        guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return nil }
        let start = src + 5
        let end = bytes[start..<tagEnd].firstIndex(of: quote) ?? tagEnd
        let value = String(decoding: bytes[start..<end], as: UTF8.self)
        let decoded = HTMLText.decodingEntities(value).trimmingCharacters(in: .whitespaces)
        return decoded.isEmpty ? nil : decoded
    }

    /// The first offset at or after `from` where `needle` (lower-case ASCII) occurs in `bytes`, in any case.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            var match = true
            for offset in 0..<needle.count where lowercased(bytes[index + offset]) != needle[offset] {
                match = false
                break
            }
            if match { return index }
            index += 1
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    static let mediaNamespaces: Set<String?> = [FeedNamespace.media, "http://search.yahoo.com/mrss"]

    /// A picture from Media RSS: `media:thumbnail`, else a `media:content` that is an image, looking
    /// inside `media:group` too.
    static func mediaImage(in node: XMLTreeNode) -> String? {
        if let thumbnail = node.child("thumbnail", in: mediaNamespaces)?.attribute("url") { return thumbnail }
        for content in node.children("content", in: mediaNamespaces) {
            let medium = content.attribute("medium"), type = content.attribute("type") ?? ""
            guard let url = content.attribute("url") else { continue }
            if medium == "image" || type.hasPrefix("image/") || (medium == nil && type.isEmpty && looksLikeImage(url)) {
                return url
            }
            if let thumbnail = content.child("thumbnail", in: mediaNamespaces)?.attribute("url") { return thumbnail }
        }
        if let group = node.child("group", in: mediaNamespaces) { return mediaImage(in: group) }
        return nil
    }

    static func looksLikeImage(_ url: String) -> Bool {
        let path = url.lowercased().prefix(while: { $0 != "?" && $0 != "#" })
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"].contains(where: { path.hasSuffix($0) })
    }
}
