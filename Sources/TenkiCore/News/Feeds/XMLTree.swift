import Foundation

/// An element of a parsed feed document, with its namespace resolved and its `xml:base` applied.
struct XMLTreeNode: Sendable {
    /// The namespace URI, or nil for none (RSS 2.0 without a default namespace).
    var namespace: String?
    var localName: String
    var attributes: [XMLAttribute]
    var content: [XMLContent] = []
    /// The base URL for relative references inside this element: the document's URL with every
    /// `xml:base` from the root down to here applied.
    var base: URL?

    func attribute(_ name: String) -> String? {
        attributes.first(where: { $0.name == name })?.value
    }

    var children: [XMLTreeNode] {
        content.compactMap { if case .element(let node) = $0 { node } else { nil } }
    }

    /// The first child called `localName` in one of `namespaces`.
    func child(_ localName: String, in namespaces: Set<String?>) -> XMLTreeNode? {
        for case .element(let node) in content where node.localName == localName && namespaces.contains(node.namespace) {
            return node
        }
        return nil
    }

    func children(_ localName: String, in namespaces: Set<String?>) -> [XMLTreeNode] {
        children.filter { $0.localName == localName && namespaces.contains($0.namespace) }
    }

    /// The text directly inside this element (character data and CDATA, not that of children).
    var text: String {
        var out = ""
        for case .text(let part) in content { out += part }
        return out
    }

    /// All text inside this element, children included, with a space where a child element starts and
    /// ends so that `<p>a</p><p>b</p>` gives `a b`, not `ab`.
    var allText: String {
        var out = ""
        for part in content {
            switch part {
            case .text(let text): out += text
            case .element(let node): out += " " + node.allText + " "
            }
        }
        return out
    }
}

indirect enum XMLContent: Sendable {
    case text(String)
    case element(XMLTreeNode)
}

/// Builds the `XMLTreeNode` tree of a document from `XMLPullParser`'s events, resolving namespace
/// prefixes. The tree holds what the document holds, so its size is bounded by the parser's limits.
enum XMLTree {
    /// Namespaces that feeds use under their usual prefix without declaring it; an undeclared prefix
    /// not in this list keeps the namespace `prefix:`.
    static let conventionalPrefixes: [String: String] = [
        "dc": FeedNamespace.dublinCore, "content": FeedNamespace.content, "media": FeedNamespace.media,
        "atom": FeedNamespace.atom, "rdf": FeedNamespace.rdf,
    ]

    static func parse(utf8 bytes: [UInt8], documentURL: URL?, limits: FeedLimits) throws(FeedParseError) -> XMLTreeNode {
        var parser = XMLPullParser(utf8: bytes, limits: limits)
        var stack: [(node: XMLTreeNode, scope: [String: String])] = []
        while let event = try parser.next() {
            switch event {
            case .start(let name, let attributes):
                var scope = stack.last?.scope ?? [:]
                for attribute in attributes {
                    if attribute.name == "xmlns" {
                        scope[""] = attribute.value
                    } else if attribute.name.hasPrefix("xmlns:") {
                        scope[String(attribute.name.dropFirst(6))] = attribute.value
                    }
                }
                let (prefix, local) = split(name)
                let namespace =
                    scope[prefix ?? ""].flatMap { $0.isEmpty ? nil : $0 }
                    ?? prefix.map { conventionalPrefixes[$0] ?? "\($0):" }
                var base = stack.last?.node.base ?? documentURL
                if let declared = attributes.first(where: { $0.name == "xml:base" })?.value {
                    base = URL(string: declared.trimmingCharacters(in: .whitespaces), relativeTo: base)?.absoluteURL ?? base
                }
                let node = XMLTreeNode(namespace: namespace, localName: local, attributes: attributes, base: base)
                stack.append((node, scope))
            case .end:
                let finished = stack.removeLast().node
                guard !stack.isEmpty else { return finished }
                stack[stack.count - 1].node.content.append(.element(finished))
            case .text(let text):
                guard !stack.isEmpty else { continue }
                stack[stack.count - 1].node.content.append(.text(text))
            }
        }
        throw .malformed(reason: "no root element", offset: parser.offset)
    }

    /// `("dc", "creator")` for `dc:creator`, `(nil, "item")` for `item`.
    static func split(_ name: String) -> (prefix: String?, local: String) {
        guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
        let local = name[name.index(after: colon)...]
        guard !local.isEmpty, colon != name.startIndex else { return (nil, name) }
        return (String(name[..<colon]), String(local))
    }
}

/// The namespace URIs a feed parser cares about.
enum FeedNamespace {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let media = "http://search.yahoo.com/mrss/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let userlandRSS2 = "http://backend.userland.com/rss2"
    static let xhtml = "http://www.w3.org/1999/xhtml"
}
