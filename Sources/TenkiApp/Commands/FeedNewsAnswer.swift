import Foundation
import TenkiCore
import TenkiLogging
import TenkiProviders

/// `/news` when the deployment reads feeds: the newest items across all feeds, one feed by name,
/// or a search across all of them, merged (newest first, undated last) and without the same story
/// twice. Each feed that failed or was late adds a note; the others still answer.
struct FeedNewsAnswer: Sendable {
    let feeds: FeedService
    /// How long the answer waits for feeds to arrive: within the inline budget.
    let deadline: Duration
    let settings: Settings
    let clock: any WallClock

    /// What the user asked for: which feeds, and the words to find in them.
    struct Request: Equatable {
        var sources: [FeedSource]
        var query: NewsSearchQuery?
        /// The one feed asked for by name.
        var feed: FeedSource?
    }

    /// `""` → every feed; one word equal to a feed's name → that feed; anything else → a search.
    func request(for text: String) -> Request {
        let words = text.split(whereSeparator: \.isWhitespace)
        if words.isEmpty { return Request(sources: feeds.sources, query: nil, feed: nil) }
        if words.count == 1, let source = feeds.source(named: String(words[0])) {
            return Request(sources: [source], query: nil, feed: source)
        }
        return Request(sources: feeds.sources, query: NewsSearchQuery(text), feed: nil)
    }

    /// Page `page` (five items each) of the answer to `text`, with More while there are more.
    func respond(to text: String, page: Int = 0, logger: Logger) async -> ChatMessage {
        let request = request(for: text)
        let outcomes = await feeds.collect(request.sources, within: deadline)
        let strings = FeedReplyStrings.table(for: settings.language)
        var items: [FeedNewsItem] = []
        var notes: [String] = []
        for outcome in outcomes {
            let name = outcome.source.name
            if let feed = outcome.feed { items += feed.newsItems(configuredName: name) }
            if outcome.isPending {
                logger.notice("feed late for the answer", [("feed", name)])
                notes.append(ReplyStrings.fill(strings.slow, ["feed": name]))
            } else if let error = outcome.error {
                logger.log(
                    error.isTemporary ? .warning : .notice, "feed fetch failed", [("feed", name), ("error", error.description)])
                let template = outcome.feed == nil ? strings.failed : strings.stale
                notes.append(ReplyStrings.fill(template, ["feed": name, "reason": error.kind.chatReason.truncated(to: 120)]))
            }
        }
        // Filtered before the merge: of two copies of a story, the one in the words searched for stays.
        var sorted = FeedItemMerge.newestFirst(items, item: \.item)
        if let query = request.query { sorted = sorted.filter { query.matches($0.item) } }
        let merged = FeedItemMerge.deduplicated(sorted, item: \.item)
        let title: String
        if let feed = request.feed {
            title = ReplyStrings.fill(strings.feedTitle, ["feed": outcomes.first?.feed?.title ?? feed.name])
        } else if request.query != nil {
            title = ReplyStrings.fill(ReplyStrings.table(for: settings.language).newsSearchTitle, ["query": text])
        } else {
            title = strings.latestTitle
        }
        var message = NewsMessageFormatter(language: settings.language, visibility: settings.resultVisibility).feedItems(
            merged, title: title, notes: notes, query: request.query == nil ? nil : text, feedNames: feeds.sources.map(\.name),
            now: clock.now(), command: settings.commandNames.news, page: page)
        if let buttons = NewsButtonValue.row(
            total: merged.count, page: page, language: settings.language, text: text,
            offersShare: settings.resultVisibility == .ephemeral)
        {
            message.parts.append(buttons)
        }
        return message
    }
}
