import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiHTTPServer
import TenkiLogging
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// `POST /mattermost/commands` with the Mattermost documentation's requests (Tests/Fixtures): the
/// command's token, the same commands as Slack's, and answers in Mattermost's Markdown.
@Suite("Mattermost slash commands")
struct MattermostCommandTests {
    static let token = "xr3j5x3p4pfk7kk6ck7b4e6ghh"
    static let fixtures = Fixtures.directory
    static let responseHost = "http://mattermost.example:8065"
    static let responseURL = "http://mattermost.example:8065/hooks/commands/q7xk3bz5"

    /// The single-line body, and the request as the docs display it (headers, then the fields one
    /// per line, joined into one body as Mattermost sends it).
    static func documentedRequests() throws -> [HTTPRequest] {
        let single = Array(
            try Data(
                contentsOf: fixtures.appendingPathComponent(
                    "mattermost_slash_command_docs_example_DERIVED_single_line_body.txt"))
        ).filter { $0 != UInt8(ascii: "\n") }
        let displayed = try String(
            contentsOf: fixtures.appendingPathComponent("mattermost_slash_command_docs_example_as_displayed.http"),
            encoding: .utf8)
        let lines = displayed.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let blank = try #require(lines.firstIndex(of: ""))
        var headers: HTTPHeaders = [:]
        for line in lines[..<blank] {
            let colon = try #require(line.firstIndex(of: ":"))
            let name = String(line[..<colon])
            guard name != "Content-Length" else { continue }
            headers.add(name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body = Array(lines[(blank + 1)...].joined().utf8)
        #expect(body == single)
        return [
            HTTPRequest(
                method: "POST", target: "/mattermost/commands", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: single),
            HTTPRequest(method: "POST", target: "/mattermost/commands", headers: headers, body: body),
        ]
    }

    static func request(
        _ fields: [(String, String)], authorization: String? = nil, contentType: String = "application/x-www-form-urlencoded"
    ) -> HTTPRequest {
        var headers: HTTPHeaders = ["Content-Type": contentType]
        if let authorization { headers.add("Authorization", authorization) }
        return HTTPRequest(
            method: "POST", target: "/mattermost/commands", headers: headers, body: Array(FormURLEncoded.encode(fields).utf8))
    }

    static func weather(_ text: String, token: String? = nil) -> [(String, String)] {
        var fields = [
            ("channel_id", "cniah6qa73bjjjan6mzn11f4ie"), ("channel_name", "town-square"), ("command", "/weather"),
            ("response_url", responseURL), ("team_domain", "someteam"), ("team_id", "rdc9bgriktyx9p4kowh3dmgqyc"),
            ("text", text), ("user_id", "c3a4cqe3dfy6dgopqt8ai3hydh"), ("user_name", "somename"),
        ]
        if let token { fields.append(("token", token)) }
        return fields
    }

    static func harness(
        tokens: String = "other-command-token,\(token)", hosts: String = responseHost,
        lateAnswers: ServerDependencies.LateAnswerRoute = .none,
        waitForBudget: @escaping @Sendable (Duration) async -> Void = AppHarness.budgetNeverSpent
    ) throws -> AppHarness {
        try AppHarness(
            environment: ["MATTERMOST_TOKENS": tokens, "TENKI_ALLOWED_RESPONSE_HOSTS": hosts],
            lateAnswers: lateAnswers, waitForBudget: waitForBudget)
    }

    /// The reply's JSON object; fails the test when the body is not one.
    static func object(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// Mattermost's Markdown: never Block Kit, and bold is `**`, never Slack's single `*`.
    static func expectMattermostFormat(_ object: [String: Any]) throws {
        #expect(object["blocks"] == nil)
        let text = try #require(object["text"] as? String)
        #expect(!text.isEmpty)
        #expect(text.replacingOccurrences(of: "**", with: "").contains("*") == false, "Slack-style bold in: \(text)")
    }

    @Test func theDocumentedRequestsWithAValidTokenAreAnsweredInMattermostMarkdown() async throws {
        let harness = try Self.harness()
        for request in try Self.documentedRequests() {
            let response = await harness.application.router.respond(to: request)
            #expect(response.status == .ok)
            try Self.expectMattermostFormat(try Self.object(response))
        }
    }

    @Test func aWeatherAnswerIsMarkdownWithAttachmentsNotBlockKit() async throws {
        let harness = try Self.harness()
        let response = await harness.application.router.respond(
            to: Self.request(Self.weather("Danang"), authorization: "Token \(Self.token)"))
        #expect(response.status == .ok)
        let object = try Self.object(response)
        try Self.expectMattermostFormat(object)
        #expect((object["text"] as? String)?.contains("Da Nang") == true)
        #expect(object["response_type"] as? String == "in_channel")
    }

    @Test("help on Mattermost offers only what works there: no channel subscriptions, and no \"in Slack\"")
    func helpWithoutSlackOnlyCommands() async throws {
        let harness = try Self.harness()
        let response = await harness.application.router.respond(
            to: Self.request(Self.weather("help"), authorization: "Token \(Self.token)"))
        let text = try #require(try Self.object(response)["text"] as? String)
        #expect(text.contains("Tenki: weather") && text.contains("/weather set PLACE"), "\(text)")
        #expect(!text.contains("subscribe") && !text.contains("in Slack"), "\(text)")
        let slack = MessageTextRenderer.render(try await harness.message("/weather", "help"))
        #expect(slack.contains("/weather subscribe PLACE"), "Slack's help keeps them: \(slack)")
    }

    @Test func withoutOrWithAWrongTokenTheAnswerIs401() async throws {
        let harness = try Self.harness(tokens: "another-token")
        for request in try Self.documentedRequests() {
            let response = await harness.application.router.respond(to: request)
            #expect(response.status == .unauthorized)
            #expect(!String(decoding: response.body, as: UTF8.self).contains(Self.token))
        }
        let missing = await harness.application.router.respond(to: Self.request(Self.weather("Danang")))
        #expect(missing.status == .unauthorized)
        let wrongHeader = await harness.application.router.respond(
            to: Self.request(Self.weather("Danang"), authorization: "Token \(Self.token)"))
        #expect(wrongHeader.status == .unauthorized)
    }

    @Test func theRouteIs404WithoutTokensAnd405Or415Otherwise() async throws {
        let without = try AppHarness()
        let absent = await without.application.router.respond(to: Self.request(Self.weather("Danang", token: Self.token)))
        #expect(absent.status == .notFound)
        let harness = try Self.harness()
        var get = Self.request(Self.weather("Danang", token: Self.token))
        get.method = "GET"
        #expect(await harness.application.router.respond(to: get).status == .methodNotAllowed)
        let json = Self.request(Self.weather("Danang", token: Self.token), contentType: "application/json")
        #expect(await harness.application.router.respond(to: json).status == .unsupportedMediaType)
    }

    @Test(.timeLimit(.minutes(1)))
    func aSlowAnswerGoesToAnHTTPResponseURLListedAsHTTPHostInMattermostFormat() async throws {
        let late = RecordingLateAnswers()
        let harness = try Self.harness(lateAnswers: .custom(late), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let response = await harness.application.router.respond(to: Self.request(Self.weather("Danang", token: Self.token)))
        let placeholder = try Self.object(response)
        try Self.expectMattermostFormat(placeholder)
        #expect(placeholder["response_type"] as? String == "ephemeral")
        #expect((placeholder["text"] as? String)?.contains("Looking up Danang") == true)

        harness.fakes.openWeather.gate.open()
        var deliveries = late.deliveries.stream.makeAsyncIterator()
        _ = await deliveries.next()
        let (body, url) = try #require(late.delivered.withLock { $0.first })
        #expect(url.absoluteString == Self.responseURL)
        let message = try Self.object(HTTPResponse.json(.ok, body))
        try Self.expectMattermostFormat(message)
        #expect((message["text"] as? String)?.contains("Da Nang") == true)
    }

    @Test func anHTTPResponseURLIsRefusedUnlessListedAsHTTPHost() async throws {
        let late = RecordingLateAnswers()
        let harness = try Self.harness(hosts: "mattermost.example:8065", lateAnswers: .custom(late), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let response = await harness.application.router.respond(to: Self.request(Self.weather("Danang", token: Self.token)))
        harness.fakes.openWeather.gate.open()
        let notice = try Self.object(response)
        #expect((notice["text"] as? String)?.contains("Looking up") == false)
        #expect(late.count == 0)

        let https = try ResponseURLAllowList(parsing: "mattermost.example:8065")
        let http = try ResponseURLAllowList(parsing: Self.responseHost)
        let url = try #require(URL(string: Self.responseURL))
        #expect(https.refusal(of: url) == .schemeNotAllowed)
        #expect(http.refusal(of: url) == nil)
        #expect(http.refusal(of: try #require(URL(string: "https://mattermost.example:8065/hooks/commands/q7xk3bz5"))) != nil)
    }
}
