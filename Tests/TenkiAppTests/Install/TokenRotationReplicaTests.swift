import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPServer
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// Three `serve` replicas (three servers built on one state file, one manual clock) and a
/// workspace whose bot token expires 60 s after it was issued: each replica's refresher passes
/// through that minute, the token is refreshed exactly once before it expires, and commands on
/// every replica are answered throughout; a post after the refresh carries the new token.
@Suite("Token rotation across replicas")
struct TokenRotationReplicaTests {
    @Test("expires_in 60 on three replicas: refreshed once; commands in that minute answered on each")
    func refreshedOnceAcrossReplicas() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-rotation-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        let clock = ManualClock(AppHarness.now)
        let fakes = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: AppHarness.key, clock: AppHarness.FixedClock(date: AppHarness.now)),
            news: FakeNewsAPI(apiKey: AppHarness.key))
        fakes.slackOAuth.setRotation(expiresIn: 60)
        let environment = InstallRouteTests.environment.merging(["TENKI_STATE": file]) { $1 }
        let replicas = try (1...3).map { _ in
            try AppHarness(environment: environment, state: .settings, clock: clock, fakes: fakes)
        }

        // The workspace of AppHarness's commands installs through the first replica.
        let router = replicas[0].application.router
        let page = await router.respond(to: HTTPRequest(method: "GET", target: "/slack/install"))
        let cookie = try #require(page.headers["Set-Cookie"]?.split(separator: ";").first.map(String.init))
        let state = try #require(InstallBrowserTests.query("state", inLinkOf: String(decoding: page.body, as: UTF8.self)))
        let allow = fakes.slackOAuth.handle(
            HTTPRequest(
                method: "GET",
                target:
                    "/slack-oauth/authorize?team=T0TENKI&state=\(state)&redirect_uri=\(InstallRouteTests.base)/slack/oauth_redirect"
            ))
        let back = try #require(allow.headers["Location"]).dropFirst(InstallRouteTests.base.count)
        var headers = HTTPHeaders()
        headers.set("Cookie", cookie)
        #expect(await router.respond(to: HTTPRequest(method: "GET", target: String(back), headers: headers)).status == .ok)

        let refreshers = replicas.map { $0.application.tokenRefresher()! }
        for second in [0, 20, 31, 45, 59] {
            clock.set(AppHarness.now.addingTimeInterval(TimeInterval(second)))
            await withTaskGroup(of: Void.self) { group in
                for refresher in refreshers { group.addTask { await refresher.refreshDue() } }
            }
            for (index, replica) in replicas.enumerated() {
                let message = try await replica.message("/weather", "16.07,108.22")
                #expect(message.text.contains("Da Nang"), "replica \(index + 1) at \(second) s: \(message.text)")
            }
        }
        let refreshes = fakes.slackOAuth.calls.filter { $0.grant == "refresh_token" }
        #expect(refreshes.count == 1 && refreshes.allSatisfy { $0.error == nil }, "\(refreshes)")
        let stored = try await replicas[2].application.workspaces.installations!.installation(enterprise: nil, team: "T0TENKI")
        #expect(stored?.botToken.value == "xoxe.xoxb-fake-T0TENKI-2")
        #expect(stored?.rotation?.expiresAt == AppHarness.now.addingTimeInterval(31 + 60))

        // A post from another replica after the refresh goes with the new token.
        _ = try await replicas[2].message("/weather", "subscribe Da Nang at 07:00")
        #expect(fakes.slackAPI.posts.last?.authorization == "Bearer xoxe.xoxb-fake-T0TENKI-2")
    }
}
