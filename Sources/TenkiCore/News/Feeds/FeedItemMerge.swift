import Foundation

/// Merging the items of several feeds into one list without the same story twice.
public enum FeedItemMerge {
    /// `items` in their order, keeping the first of each story. Two items are the same story when they
    /// link to the same page (`linkKey`: scheme and host in any case, without fragment or trailing
    /// slash) or, failing that, have the same title once folded like a search (`NewsSearchQuery.fold`):
    /// agencies' stories reach several feeds with different tracking links but one title.
    public static func deduplicated(_ items: [FeedItem]) -> [FeedItem] {
        deduplicated(items, item: { $0 })
    }

    /// `values` in their order, keeping the first of each story, where `item` reads a value's item
    /// (an item with the feed it came from, …).
    public static func deduplicated<Value>(_ values: [Value], item: (Value) -> FeedItem) -> [Value] {
        var links = Set<String>()
        var titles = Set<String>()
        var kept: [Value] = []
        for value in values {
            let item = item(value)
            let link = item.link.map(linkKey)
            let title = item.title.map(NewsSearchQuery.fold)
            if let link, links.contains(link) { continue }
            if let title, !title.isEmpty, titles.contains(title) { continue }
            if let link { links.insert(link) }
            if let title, !title.isEmpty { titles.insert(title) }
            kept.append(value)
        }
        return kept
    }

    /// `items` newest first by `published`, whatever order their feeds gave; undated items last, in
    /// the order they came (the sort is stable).
    public static func newestFirst(_ items: [FeedItem]) -> [FeedItem] {
        newestFirst(items, item: { $0 })
    }

    /// `values` newest first by their items' `published`, undated last in the order they came.
    public static func newestFirst<Value>(_ values: [Value], item: (Value) -> FeedItem) -> [Value] {
        values.enumerated().sorted { left, right in
            switch (item(left.element).published, item(right.element).published) {
            case (let a?, let b?): a != b ? a > b : left.offset < right.offset
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): left.offset < right.offset
            }
        }.map(\.element)
    }

    /// The form of a link that two copies of the same page share.
    public static func linkKey(_ link: String) -> String {
        var text = link.trimmingCharacters(in: .whitespacesAndNewlines)
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URLComponents(string: text), let scheme = url.scheme, let host = url.host else { return text }
        var components = url
        components.scheme = scheme.lowercased()
        components.host = host.lowercased()
        return components.string ?? text
    }
}
