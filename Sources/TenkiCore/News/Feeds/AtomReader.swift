import Foundation

/// Maps an Atom 1.0 (or 0.3) `<feed>` tree to a `Feed`.
///
/// Text constructs follow their `type`: `text` (the default) is taken as written, whitespace
/// collapsed; `html` is HTML escaped into the element, stripped to text; `xhtml` is the text of the
/// child `div`. Per entry:
/// - link: the `link` with `rel="alternate"` (or no `rel`), preferring `type="text/html"`, resolved
///   against `xml:base` and the feed's URL;
/// - summary: `summary`, else `content`; published: `published`, else `updated` (0.3: `issued`,
///   `modified`); author: the entry's `author/name`, else the feed's;
/// - image: `media:thumbnail`/`media:content`, else a `link rel="enclosure"` of an image type, else the
///   first `<img>` in HTML content.
struct AtomReader {
    let root: XMLTreeNode
    let atom: Set<String?>

    init(root: XMLTreeNode) {
        self.root = root
        atom = [root.namespace]
    }

    func feed() -> Feed {
        let feedAuthor = root.child("author", in: atom)?.child("name", in: atom).flatMap { FeedParser.plain($0.text) }
        return Feed(
            title: text(root.child("title", in: atom)),
            items: root.children("entry", in: atom).compactMap { entry(from: $0, feedAuthor: feedAuthor) })
    }

    private func entry(from node: XMLTreeNode, feedAuthor: String?) -> FeedItem? {
        let summary = node.child("summary", in: atom), content = node.child("content", in: atom)
        let linkNode = alternateLink(of: node)
        let date = ["published", "updated", "issued", "modified"].lazy
            .compactMap { FeedDate.parse(node.child($0, in: self.atom)?.text) }.first
        let item = FeedItem(
            title: text(node.child("title", in: atom)),
            link: FeedParser.resolve(linkNode?.attribute("href"), against: linkNode?.base),
            summary: text(summary) ?? text(content),
            published: date,
            author: node.child("author", in: atom)?.child("name", in: atom).flatMap { FeedParser.plain($0.text) } ?? feedAuthor,
            imageURL: image(of: node, html: [summary, content]))
        guard item.title != nil || item.link != nil || item.summary != nil else { return nil }
        return item
    }

    private func alternateLink(of node: XMLTreeNode) -> XMLTreeNode? {
        let alternates = node.children("link", in: atom).filter { ($0.attribute("rel") ?? "alternate") == "alternate" }
        return alternates.first(where: { $0.attribute("type") == "text/html" }) ?? alternates.first
    }

    /// An Atom text construct as one line of text, per its `type` (0.3's `mode="escaped"` is `html`).
    private func text(_ node: XMLTreeNode?) -> String? {
        guard let node else { return nil }
        let type = node.attribute("type") ?? "text"
        if type == "xhtml" || type == "application/xhtml+xml" { return FeedParser.collapsed(node.allText) }
        if type == "html" || type == "text/html" || node.attribute("mode") == "escaped" { return FeedParser.plain(node.text) }
        // Atom 0.3 and some 1.0 feeds put unescaped XHTML in a text construct; keep its words.
        return FeedParser.collapsed(node.children.isEmpty ? node.text : node.allText)
    }

    private func image(of node: XMLTreeNode, html: [XMLTreeNode?]) -> String? {
        if let media = FeedParser.mediaImage(in: node) { return FeedParser.resolve(media, against: node.base) }
        for link in node.children("link", in: atom) where link.attribute("rel") == "enclosure" {
            guard let href = link.attribute("href") else { continue }
            let type = link.attribute("type") ?? ""
            if type.hasPrefix("image/") || (type.isEmpty && FeedParser.looksLikeImage(href)) {
                return FeedParser.resolve(href, against: link.base)
            }
        }
        for case let node? in html where node.attribute("type") == "html" {
            if let source = FeedParser.firstImageSource(inHTML: node.text) {
                return FeedParser.resolve(source, against: node.base)
            }
        }
        return nil
    }
}
