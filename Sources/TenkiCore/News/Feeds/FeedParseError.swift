/// Why a document could not be read as a feed. Each case says what went wrong; `description` is one
/// line that a reply can show beside the feed's name.
public enum FeedParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Well-formed enough to see its first element, but that element is not `rss`, `feed` or `rdf:RDF`
    /// (an HTML page, a JSON document, a sitemap). `root` is nil when the document starts with text.
    case notAFeed(root: String?)
    /// Not well-formed XML (or in an encoding this parser does not read): `reason` says what, `offset`
    /// is the byte offset in the (UTF-8) document where it was noticed.
    case malformed(reason: String, offset: Int)
    /// Over one of the `FeedLimits`.
    case tooLarge(FeedLimit)
    /// The document has a DOCTYPE with an internal subset (`<!DOCTYPE x [ … ]>`), the place where entity
    /// declarations live (billion laughs, external entities). Refused before any element is read.
    case refusedDoctype(offset: Int)

    public var description: String {
        switch self {
        case .notAFeed(let root?):
            "not an RSS or Atom feed (the document is <\(root)>); check the URL points at the feed itself"
        case .notAFeed(nil):
            "not an RSS or Atom feed (the document is not XML); check the URL points at the feed itself"
        case .malformed(let reason, let offset):
            "the feed is not well-formed XML: \(reason) at byte \(offset)"
        case .tooLarge(let limit):
            "the feed is too large: \(limit)"
        case .refusedDoctype:
            "the feed declares entities in a DOCTYPE, which is refused for safety"
        }
    }
}

/// Which of the `FeedLimits` a document went over, with the limit's value.
public enum FeedLimit: Equatable, Sendable, CustomStringConvertible {
    case documentBytes(Int)
    case depth(Int)
    case elements(Int)
    case attributeBytes(Int)
    case attributes(Int)
    case nameBytes(Int)

    public var description: String {
        switch self {
        case .documentBytes(let limit): "more than \(limit) bytes"
        case .depth(let limit): "elements nested more than \(limit) deep"
        case .elements(let limit): "more than \(limit) elements"
        case .attributeBytes(let limit): "an attribute value over \(limit) bytes"
        case .attributes(let limit): "an element with more than \(limit) attributes"
        case .nameBytes(let limit): "a name over \(limit) bytes"
        }
    }
}

/// Bounds on what a feed document may hold. With them, parsing takes time and memory proportional to
/// `maxDocumentBytes` whatever the input: no entity is ever expanded beyond one character, so the
/// decoded text is never longer than the document.
public struct FeedLimits: Equatable, Sendable {
    /// Bytes of the document as received (before transcoding to UTF-8).
    public var maxDocumentBytes: Int
    public var maxDepth: Int
    public var maxElements: Int
    public var maxAttributeBytes: Int
    public var maxAttributesPerElement: Int
    public var maxNameBytes: Int

    public init(
        maxDocumentBytes: Int = 4 << 20, maxDepth: Int = 64, maxElements: Int = 100_000,
        maxAttributeBytes: Int = 16 << 10, maxAttributesPerElement: Int = 64, maxNameBytes: Int = 256
    ) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
        self.maxAttributeBytes = maxAttributeBytes
        self.maxAttributesPerElement = maxAttributesPerElement
        self.maxNameBytes = maxNameBytes
    }

    public static let standard = FeedLimits()
}
