import Foundation
import TenkiFakes
import TenkiHTTPClient
import Testing

@testable import TenkiSecurity
@testable import TenkiSlackAPI

@Suite("Slack Web API client")
struct SlackWebAPIClientTests {
    let slack = FakeSlackWebAPI()

    func client(token: String = FakeSlackWebAPI.defaultToken) throws -> SlackWebAPIClient {
        SlackWebAPIClient(
            transport: HandlerTransport(slack), baseURL: URL(string: "http://fakes.test/slack-api")!,
            token: try #require(SlackBotToken(token)))
    }

    @Test("auth.test gives the token's team id")
    func team() async throws {
        #expect(try await client().teamID() == "T0TENKI")
        #expect(slack.calls == ["auth.test"])
    }

    @Test("users.info gives the user's tz, the fake's default for anyone else")
    func timeZones() async throws {
        slack.setTimeZone("America/New_York", forUser: "U2")
        let client = try client()
        #expect(try await client.timeZone(ofUser: "U2") == "America/New_York")
        #expect(try await client.timeZone(ofUser: "U1") == "Asia/Ho_Chi_Minh")
    }

    @Test("a refused token is invalid_auth, and neither the error nor its text holds the token")
    func invalidAuth() async throws {
        let token = "xoxb-1234-wrong-token-value"
        await #expect(throws: SlackWebAPIError.refused(method: "auth.test", error: "invalid_auth")) {
            try await client(token: token).teamID()
        }
        let refused = try client(token: token)
        do throws(SlackWebAPIError) {
            _ = try await refused.timeZone(ofUser: "U1")
            Issue.record("users.info accepted a wrong token")
        } catch {
            #expect(error.isTokenProblem)
            #expect(error.description.contains("check the bot token"))
            #expect(!error.description.contains(token))
            #expect(!String(reflecting: error).contains(token))
        }
        #expect(!String(describing: try #require(SlackBotToken(token))).contains(token))
    }

    @Test("a missing scope says which scopes to add")
    func missingScope() async throws {
        slack.setError("missing_scope", forMethod: "users.info")
        let client = try client()
        do throws(SlackWebAPIError) {
            _ = try await client.timeZone(ofUser: "U1")
            Issue.record("users.info succeeded without the scope")
        } catch {
            #expect(error.slackError == "missing_scope")
            #expect(error.description.contains("users:read"))
        }
    }

    @Test("no response and non-200 statuses are typed errors")
    func transportAndStatus() async throws {
        let failing = SlackWebAPIClient(
            transport: FailingSlackTransport(), baseURL: URL(string: "http://fakes.test/slack-api")!,
            token: try #require(SlackBotToken("xoxb-a")))
        await #expect(throws: SlackWebAPIError.transport(method: "auth.test", .timedOut)) { try await failing.teamID() }
    }
}

private struct FailingSlackTransport: HTTPTransport {
    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse { throw .timedOut }
}
