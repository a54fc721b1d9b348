import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The install flow's pages: goldens in English and Japanese, statuses, escaping, no external
/// assets, and the language chosen from `Accept-Language`.
@Suite("Install pages")
struct InstallPageTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens/install-pages")
    static let authorize = SlackAuthorizeLink.url(
        authorize: URL(string: "https://slack.com/oauth/v2/authorize")!, clientID: "123.456",
        publicURL: "https://tenki.example.com",
        state: "STATE-abc_123")!
    static let team = "Café <b>&\"Rain\"</b>"

    static let pages: [(name: String, kind: InstallPage.Kind)] =
        [
            ("install", .install(authorizeLink: authorize)),
            ("installed", .installed(teamName: team, slackLink: InstallPage.slackLink(team: "T0123")!)),
        ] + InstallFailure.allCases.map { ("failed-\($0.rawValue)", .failed($0, installPage: "/slack/install")) }

    static let cases: [(String, InstallPage.Kind, WeatherLanguage)] = pages.flatMap { page in
        WeatherLanguage.allCases.map { (page.name, page.kind, $0) }
    }

    @Test("each page in each language matches its golden", arguments: cases)
    func golden(_ name: String, _ kind: InstallPage.Kind, _ language: WeatherLanguage) {
        let html = InstallPage(kind: kind, language: language).html
        if let difference = GoldenFile.compare(html, name: "\(name).\(language.rawValue).html", directory: Self.directory) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    @Test("small and self-contained: no script, image, font or style sheet from anywhere; the document's language is set")
    func selfContained() {
        for (_, kind, language) in Self.cases {
            let html = InstallPage(kind: kind, language: language).html
            for forbidden in ["<script", "<img", "<link", "<iframe", "<form", "src=", "url(", "@import"] {
                #expect(!html.contains(forbidden), "\(forbidden)")
            }
            #expect(html.contains("<html lang=\"\(language.rawValue)\">") && html.contains("<main>") && html.contains("<h1>"))
            #expect(html.utf8.count < 4096)
        }
    }

    @Test("a workspace's name is escaped, never markup")
    func escaping() {
        let html = InstallPage(kind: Self.pages[1].kind, language: .en).html
        #expect(!html.contains("<b>") && html.contains("Café &lt;b&gt;&amp;&quot;Rain&quot;&lt;/b&gt;"))
    }

    @Test("statuses: 200 for the install and success pages, 400 for state problems and a cancel, 502 and 403 for the rest")
    func statuses() {
        #expect(InstallPage(kind: Self.pages[0].kind, language: .en).status == 200)
        #expect(InstallPage(kind: Self.pages[1].kind, language: .ja).status == 200)
        let statuses = Dictionary(uniqueKeysWithValues: InstallFailure.allCases.map { ($0, $0.status) })
        #expect(
            statuses == [
                .stateMissing: 400, .stateUnknown: 400, .stateExpired: 400, .cookieMissing: 400, .cookieMismatch: 400,
                .accessDenied: 400, .exchangeRefused: 502, .teamNotAllowed: 403,
            ])
        #expect(
            InstallFailure(.valid) == nil && InstallFailure(.unknown) == .stateUnknown
                && InstallFailure(.expired) == .stateExpired)
        #expect(InstallFailure(.missingCookie) == .cookieMissing && InstallFailure(.wrongCookie) == .cookieMismatch)
        #expect(InstallPage.headers.contains { $0.name == "Cache-Control" && $0.value == "no-store" })
    }

    @Test("the Add to Slack link is the contract's: client id, scopes, redirect URI, state")
    func authorizeLink() {
        #expect(
            Self.authorize.absoluteString
                == "https://slack.com/oauth/v2/authorize?client_id=123.456&scope=commands,chat:write,users:read"
                + "&redirect_uri=https://tenki.example.com/slack/oauth_redirect&state=STATE-abc_123")
        let odd = SlackAuthorizeLink.url(
            authorize: URL(string: "http://127.0.0.1:9000/authorize?team=T1")!, clientID: "a+b&c",
            publicURL: "http://127.0.0.1:8080",
            state: "s")!
        #expect(odd.absoluteString.hasPrefix("http://127.0.0.1:9000/authorize?team=T1&client_id=a%2Bb%26c&scope="))
    }

    @Test(
        "Accept-Language: the supported language with the highest weight, English otherwise",
        arguments: [
            (nil, WeatherLanguage.en), ("", .en), ("ja", .ja), ("ja-JP,ja;q=0.9,en;q=0.8", .ja), ("en-US,en;q=0.9,ja;q=0.8", .en),
            ("fr-FR,fr;q=0.9,ja;q=0.5", .ja), ("fr", .en), ("ja;q=0,en;q=0.1", .en), ("en;q=0.5, ja;q=0.6", .ja),
            ("JA-jp", .ja), ("*", .en), ("ja;q=abc", .en), ("en;q=0.7,ja;q=0.7", .en),
        ] as [(String?, WeatherLanguage)])
    func acceptLanguage(_ header: String?, _ expected: WeatherLanguage) {
        #expect(AcceptLanguage.preferred(header) == expected)
    }
}
