/// What Tenki says about news from feeds, in each reply language (beside `ReplyStrings`).
public struct FeedReplyStrings: StringTable {
    public var latestTitle: String
    public var feedTitle: String
    /// `{feed}` did not answer within the deadline.
    public var slow: String
    /// `{feed}` could not be read: `{reason}`.
    public var failed: String
    /// `{feed}`'s items are older ones because its last fetch failed.
    public var stale: String
    public var sources: String
    public var nothingArrived: String
    /// Neither feeds nor a NewsAPI key: `{feedsSetting}` and `{newsKeySetting}` are the settings'
    /// names, filled where the settings table is known.
    public var notConfigured: String
    /// `/news help` with feeds: `{command}`, and `{feeds}` the configured names.
    public var help: String

    public static let english = FeedReplyStrings(
        latestTitle: "Latest news",
        feedTitle: "News: {feed}",
        slow: "⏳ {feed} did not answer in time; its news will be here next time.",
        failed: "⚠️ {feed} could not be read ({reason}).",
        stale: "⚠️ {feed}: older news, its feed did not answer ({reason}).",
        sources: "Feeds: {feeds} · `{command} NAME` shows one",
        nothingArrived: "No news arrived from the feeds right now. Try again in a minute.",
        notConfigured: "News isn't configured on this Tenki yet. Please ask an admin to list RSS or Atom feeds in "
            + "{feedsSetting} (or set {newsKeySetting}).",
        help: "`{command}` the newest news from this team's feeds\n`{command} NAME` one feed: {feeds}\n"
            + "`{command} đà nẵng` the items that mention all these words, in any language\n`{command} help` this help")

    public static let japanese = FeedReplyStrings(
        latestTitle: "最新ニュース",
        feedTitle: "ニュース: {feed}",
        slow: "⏳ {feed} の応答が間に合いませんでした。次回は表示されます。",
        failed: "⚠️ {feed} を読めませんでした（{reason}）。",
        stale: "⚠️ {feed}: フィードが応答しないため、以前のニュースです（{reason}）。",
        sources: "フィード: {feeds} · `{command} 名前` で一つだけ表示",
        nothingArrived: "今はフィードからニュースが届いていません。少し後でもう一度お試しください。",
        notConfigured: "この Tenki ではニュースがまだ設定されていません。管理者に {feedsSetting} への RSS/Atom フィードの登録"
            + "（または {newsKeySetting} の設定）を依頼してください。",
        help: "`{command}` チームのフィードの最新ニュース\n`{command} 名前` 一つのフィード: {feeds}\n"
            + "`{command} 東京` すべての言葉を含むニュース（どの言語でも）\n`{command} help` このヘルプ")
}
