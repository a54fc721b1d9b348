import Foundation

/// Maps an RSS 0.9x/2.0 (`<rss><channel><item>`) or RSS 1.0 (`<rdf:RDF><channel/><item>`) tree to a `Feed`.
///
/// RSS's own elements are matched in no namespace, in the root's namespace (RSS 1.0, and RSS 2.0 feeds
/// that declare one), and in the RSS 1.0/0.90 namespaces; never in a module's (`itunes:title` is not a
/// title). Per item:
/// - title: `title`; link: `link`, else a permalink `guid`, else `atom:link`;
/// - summary: `description`, else `content:encoded`, else `dc:description`;
/// - published: `pubDate`, else `dc:date`; author: `dc:creator`, else `author` (its name in
///   parentheses when written `mail@example.com (Name)`);
/// - image: `media:thumbnail`/`media:content`, else an `enclosure` of an image type, else the first
///   `<img>` in the description or content.
/// An item with neither title, link nor summary is dropped.
struct RSSReader {
    let root: XMLTreeNode
    let core: Set<String?>

    init(root: XMLTreeNode) {
        self.root = root
        core = [nil, root.namespace, FeedNamespace.rss10, FeedNamespace.rss090, FeedNamespace.userlandRSS2]
    }

    func feed() -> Feed {
        let channel = root.child("channel", in: core)
        // RSS 2.0 keeps items in the channel; RSS 1.0 beside it.
        let items = (channel?.children("item", in: core) ?? []) + root.children("item", in: core)
        let channelLink = channel?.child("link", in: core).map(\.text)
        return Feed(
            title: FeedParser.plain(channel?.child("title", in: core)?.text),
            items: items.compactMap { item(from: $0, channelLink: channelLink) },
            timeToLive: timeToLive(channel?.child("ttl", in: core)?.text))
    }

    /// `<ttl>` minutes as seconds; nil unless a positive whole number of at most a week.
    private func timeToLive(_ text: String?) -> TimeInterval? {
        guard let text, let minutes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            (1...7 * 24 * 60).contains(minutes)
        else { return nil }
        return TimeInterval(minutes * 60)
    }

    private func item(from node: XMLTreeNode, channelLink: String?) -> FeedItem? {
        let dc: Set<String?> = [FeedNamespace.dublinCore]
        // A relative link is resolved against xml:base or the feed's URL, else against the channel's link.
        let base = node.base ?? channelLink.flatMap { URL(string: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let descriptionHTML = node.child("description", in: core)?.text
        let contentHTML = node.child("encoded", in: [FeedNamespace.content])?.text
        let item = FeedItem(
            title: FeedParser.plain(node.child("title", in: core)?.text),
            link: FeedParser.resolve(link(of: node), against: base),
            summary: FeedParser.plain(descriptionHTML) ?? FeedParser.plain(contentHTML)
                ?? FeedParser.plain(node.child("description", in: dc)?.text),
            published: FeedDate.parse(node.child("pubDate", in: core)?.text)
                ?? FeedDate.parse(node.child("date", in: dc)?.text),
            author: FeedParser.plain(node.child("creator", in: dc)?.text) ?? authorName(node.child("author", in: core)?.text),
            imageURL: FeedParser.resolve(image(of: node, html: [descriptionHTML, contentHTML]), against: base))
        guard item.title != nil || item.link != nil || item.summary != nil else { return nil }
        return item
    }

    private func link(of node: XMLTreeNode) -> String? {
        if let link = node.child("link", in: core)?.text, !link.allSatisfy(\.isWhitespace) { return link }
        if let guid = node.child("guid", in: core), guid.attribute("isPermaLink") != "false",
            guid.text.contains("://")
        {
            return guid.text
        }
        // RSS 1.0 names the item by its link.
        if let about = node.attribute("rdf:about"), about.contains("://") { return about }
        return node.children("link", in: [FeedNamespace.atom]).first(where: {
            ($0.attribute("rel") ?? "alternate") == "alternate"
        })?
        .attribute("href")
    }

    private func image(of node: XMLTreeNode, html: [String?]) -> String? {
        if let media = FeedParser.mediaImage(in: node) { return media }
        for enclosure in node.children("enclosure", in: core) {
            guard let url = enclosure.attribute("url") else { continue }
            let type = enclosure.attribute("type") ?? ""
            if type.hasPrefix("image/") || (type.isEmpty && FeedParser.looksLikeImage(url)) { return url }
        }
        return html.lazy.compactMap { FeedParser.firstImageSource(inHTML: $0) }.first
    }

    /// `Name` for `mail@example.com (Name)`, the text otherwise.
    private func authorName(_ text: String?) -> String? {
        guard let text = FeedParser.plain(text) else { return nil }
        if text.hasSuffix(")"), let open = text.firstIndex(of: "(") {
            let name = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { return name }
        }
        return text
    }
}
