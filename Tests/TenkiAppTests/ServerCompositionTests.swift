import Foundation
import Synchronization
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiHTTPServer
import TenkiSecurity
import TenkiFakes
import TenkiTestSupport

/// What the composition root guarantees: one of each service per process, and a command that goes
/// down the stack once.
@Suite("Composition root")
struct ServerCompositionTests {
    @Test("commands and digests spend one NewsAPI budget per deployment, and a restart keeps what was spent")
    func oneNewsBudget() async throws {
        let harness = try DigestHarness(environment: [
            "TENKI_NEWS_DAILY_BUDGET": "10", "TENKI_NEWS_RESERVED_PERCENT": "0", "DIGEST_NEWS_QUERY": "morning words",
        ])
        let digest = try #require(harness.settings.digests.first)
        func search(_ server: TenkiServer, _ number: Int) async {
            let payload = SlashCommandPayload(command: "/news", text: "topic \(number)", userID: "U\(number)")
            _ = await server.commands.respond(to: payload, logger: .discarding)
        }

        let first = try harness.server()
        for number in 0..<6 { await search(first, number) }
        _ = await first.digests.run(digest, now: harness.clock.now(), force: true)
        #expect(harness.upstreams.news.calls.count == 7, "six searches and the digest's headlines")

        // A restart: new caches, the same state file.
        let second = try harness.server()
        _ = await second.digests.run(digest, now: harness.clock.now(), force: true)
        for number in 6..<20 { await search(second, number) }
        #expect(harness.upstreams.news.calls.count == 10, "the budget of 10 is spent once, across both processes")
    }

    @Test("a signed command is verified once and decoded once, for a fresh answer and for a stored one")
    func verifiedAndDecodedOnce() async throws {
        let verifier = CountingVerifier(SlackRequestVerifier(signingSecrets: [AppHarness.secret], clock: AppHarness.FixedClock(date: AppHarness.now)))
        let decoder = CountingDecoder()
        let harness = try AppHarness(verifier: verifier, decoder: decoder)

        let fresh = await harness.send("/weather", "Danang")
        #expect(fresh.status == .ok)
        #expect(verifier.count == 1)
        #expect(decoder.count == 1)

        let stored = try #require(harness.application.router.handleInline(AppHarness.signedRequest("/weather", "Danang")))
        #expect(stored.body == fresh.body, "the stored answer, on the listener's thread")
        #expect(verifier.count == 2)
        #expect(decoder.count == 2)
    }
}

final class CountingVerifier: CommandRequestVerifier {
    let wrapped: SlackRequestVerifier
    private let calls = Mutex(0)

    init(_ wrapped: SlackRequestVerifier) { self.wrapped = wrapped }

    var count: Int { calls.withLock { $0 } }

    func verify(_ request: HTTPRequest) throws(RequestVerificationError) {
        calls.withLock { $0 += 1 }
        try wrapped.verify(request)
    }
}

final class CountingDecoder: CommandDecoder {
    private let calls = Mutex(0)

    var count: Int { calls.withLock { $0 } }

    func decode(_ body: [UInt8]) throws(CommandDecodingError) -> SlashCommandPayload {
        calls.withLock { $0 += 1 }
        return try FormCommandDecoder().decode(body)
    }
}
