import Foundation
import TenkiCore
import TenkiFakes
import TenkiLogging
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The entry forms of TENKI_ALLOWED_RESPONSE_HOSTS and what each lets through.
@Suite("response_url allow-list")
struct ResponseURLAllowListTests {
    static func refusal(_ entries: String, _ url: String) throws -> ResponseURLAllowList.Refusal? {
        try ResponseURLAllowList(parsing: entries).refusal(of: try #require(URL(string: url)))
    }

    @Test(
        "each entry form allows exactly its scheme, host and port",
        arguments: [
            // A bare host: HTTPS on 443 only.
            ("hooks.slack.com", "https://hooks.slack.com/commands/T1/2/x", nil),
            ("hooks.slack.com", "https://HOOKS.slack.com:443/commands/T1/2/x", nil),
            ("hooks.slack.com", "https://hooks.slack.com:22/commands", .portNotAllowed),
            ("hooks.slack.com", "https://hooks.slack.com:8443/commands", .portNotAllowed),
            ("hooks.slack.com", "http://hooks.slack.com/commands", .schemeNotAllowed),
            ("hooks.slack.com", "https://hooks.slack.com.evil.example/commands", .hostNotAllowed),
            ("hooks.slack.com", "https://evil.example/hooks.slack.com", .hostNotAllowed),
            ("hooks.slack.com", "gopher://hooks.slack.com/x", .schemeNotAllowed),
            ("hooks.slack.com", "ftp://evil.example/x", .schemeNotAllowed),
            ("hooks.slack.com", "file:///etc/passwd", .schemeNotAllowed),
            // host:port: HTTPS on that port.
            ("chat.example.com:8443", "https://chat.example.com:8443/hooks/1", nil),
            ("chat.example.com:8443", "https://chat.example.com/hooks/1", .portNotAllowed),
            ("chat.example.com:8443", "http://chat.example.com:8443/hooks/1", .schemeNotAllowed),
            // http://host[:port]: plain HTTP to that host and port.
            ("http://chat.example.com:8065", "http://chat.example.com:8065/hooks/1", nil),
            ("http://chat.example.com:8065", "https://chat.example.com:8065/hooks/1", .schemeNotAllowed),
            ("http://chat.example.com:8065", "http://chat.example.com/hooks/1", .portNotAllowed),
            ("http://chat.example.com", "http://chat.example.com/hooks/1", nil),
            ("http://chat.example.com", "http://chat.example.com:8080/hooks/1", .portNotAllowed),
            // https://host[:port] is the same as host[:port].
            ("https://chat.example.com", "https://chat.example.com/hooks/1", nil),
            // Loopback: either scheme, any port; never another host.
            ("127.0.0.1", "http://127.0.0.1:5555/sink", nil),
            ("127.0.0.1", "https://127.0.0.1:1/sink", nil),
            ("127.0.0.1", "http://127.0.0.2:5555/sink", .hostNotAllowed),
            ("localhost", "http://localhost:9000/sink", nil),
            ("127.0.0.1", "gopher://127.0.0.1:70/x", .schemeNotAllowed),
            // Several entries.
            ("hooks.slack.com,http://chat.example.com:8065", "http://chat.example.com:8065/hooks/1", nil),
            ("hooks.slack.com,http://chat.example.com:8065", "https://hooks.slack.com/x", nil),
        ] as [(String, String, ResponseURLAllowList.Refusal?)])
    func forms(entries: String, url: String, expected: ResponseURLAllowList.Refusal?) throws {
        #expect(try Self.refusal(entries, url) == expected)
    }

    @Test("entries print in their shortest form")
    func shortestForm() throws {
        let list = try ResponseURLAllowList(
            parsing: "HOOKS.slack.com, https://a.example:443, b.example:8443, http://c.example:80, http://d.example:8065")
        #expect(list.description == "hooks.slack.com,a.example,b.example:8443,http://c.example,http://d.example:8065")
        #expect(ResponseURLAllowList.slack.description == "hooks.slack.com,hooks.slack-gov.com")
        #expect(try ResponseURLAllowList(parsing: "hooks.slack.com,hooks.slack-gov.com") == .slack)
    }

    @Test("a refused response_url is logged with its reason: scheme, host or port")
    func refusalIsLogged() async throws {
        let sink = InMemoryLogSink()
        let logger = Logger(sink: sink, threshold: .debug)
        let settings = try Settings.load(environment: [:])
        let responder = TimelyResponder(
            budget: .zero, waitForBudget: { _ in }, lateAnswers: nil, allowedResponseHosts: settings.allowedResponseHosts,
            background: BackgroundWork())
        let cases = [
            ("gopher://hooks.slack.com/x", "response_url refused: scheme not allowed"),
            ("ftp://evil.example/x", "response_url refused: scheme not allowed"),
            ("https://hooks.slack.com:22/x", "response_url refused: port not allowed"),
            ("https://evil.example/x", "response_url refused: host not allowed"),
        ]
        for (url, message) in cases {
            #expect(responder.allowedResponseURL(url, logger: logger) == nil)
            #expect(sink.records.last?.message == message, "\(url)")
        }
        #expect(responder.allowedResponseURL("https://hooks.slack.com/commands/T1/2/x", logger: logger) != nil)
    }
}
