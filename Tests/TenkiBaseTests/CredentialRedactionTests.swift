import Testing
import TenkiBase

/// The credential parts of URLs (a userinfo password, query values, the fragment) never survive
/// into a message, wherever the URL sits in it.
@Suite("Credentials in URLs are masked")
struct CredentialRedactionTests {
    @Test(
        "each credential part is masked, the rest kept",
        arguments: [
            ("postgresql://127.0.0.1:1/db?password=X", "postgresql://127.0.0.1:1/db?password=***"),
            ("postgres://tenki:hunter2@db:5432/tenki", "postgres://tenki:***@db:5432/tenki"),
            ("https://TOKEN@feeds.example/rss", "https://***@feeds.example/rss"),
            ("https://feeds.example/rss?token=abc&lang=en", "https://feeds.example/rss?token=***&lang=***"),
            ("https://feeds.example/rss?abc#access_token=x", "https://feeds.example/rss?***#***"),
            ("https://a:b@h/p?k=#", "https://a:***@h/p?k=#"),
            ("https://example.com/news", "https://example.com/news"),
        ])
    func url(input: String, expected: String) {
        #expect(CredentialRedaction.redactingURL(input) == expected)
    }

    @Test("URLs inside prose and lists are found, text around them kept")
    func inText() {
        let text = #"TENKI_NEWS_FEEDS has "a=https://u:pw@x.example/f?token=T1;b=http://y.example/?key=K2" (got it)"#
        let redacted = CredentialRedaction.redactingURLs(in: text)
        #expect(redacted == #"TENKI_NEWS_FEEDS has "a=https://u:***@x.example/f?token=***;b=http://y.example/?key=***" (got it)"#)
        #expect(CredentialRedaction.redactingURLs(in: "no address here: 12:30") == "no address here: 12:30")
        #expect(CredentialRedaction.redactingURLs(in: "ends with ://") == "ends with ://")
        #expect(CredentialRedaction.redactingURLs(in: "日本 https://例.jp/?q=秘密 ok") == "日本 https://例.jp/?q=*** ok")
    }
}
