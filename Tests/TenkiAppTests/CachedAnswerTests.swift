import Foundation
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiSecurity
import TenkiFakes
import TenkiTestSupport
import Testing

/// The listener's inline path: a verified, decoded `/weather` whose answer the full path stored
/// is answered by `handleInline` with the same bytes; everything else still goes to `handle`.
@Suite("Cached answers on the listener's thread")
struct CachedAnswerTests {
    static let secret = "cached-answer-secret"
    static let key = "cached-answer-key"

    let clock = ManualClock()
    let fake = FakeOpenWeatherMap(apiKey: CachedAnswerTests.key)
    let metrics = MetricsRegistry()

    func application(_ extra: [String: String] = [:]) throws -> TenkiServer {
        var environment = [
            "SLACK_SIGNING_SECRET": Self.secret, "OPENWEATHER_API_KEY": Self.key, "OPENWEATHER_BASE_URL": "http://fakes.test",
        ]
        for (name, value) in extra { environment[name] = value }
        return try TenkiServer.build(
            settings: try Settings.load(environment: environment),
            dependencies: ServerDependencies(
                transport: HandlerTransport(fake), clock: clock, logger: .discarding, metrics: metrics,
                lateAnswers: .none, waitForBudget: AppHarness.budgetNeverSpent))
    }

    func request(_ text: String, command: String = "/weather", userID: String = "U1", flipSignature: Bool = false) -> HTTPRequest {
        let body = Array(FormURLEncoded.encode(SignedCommandSender.fields(command: command, text: text, userID: userID)).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        for (name, value) in SlackRequestSigner(signingSecret: Self.secret).headers(timestamp: Int64(clock.now().timeIntervalSince1970), body: body) {
            var value = value
            if flipSignature, name == "X-Slack-Signature" { value = String(value.dropLast()) + (value.hasSuffix("0") ? "1" : "0") }
            headers.add(name, value)
        }
        return HTTPRequest(method: "POST", target: "/slack/commands", headers: headers, body: body)
    }

    @Test("the same signed request sent again is refused with 401 and runs nothing, inline or not")
    func replayRefused() async throws {
        let application = try application()
        let captured = request("danang")
        #expect(await application.router.respond(to: captured).status == .ok)
        let again = await application.router.respond(to: captured)
        #expect(again.status == .unauthorized)
        #expect(String(decoding: again.body, as: UTF8.self).contains("replayed"))
        #expect(fake.calls.count == 2, "geocoding and weather, once")
        #expect(metrics.counter("tenki_signature_failures_total", [("reason", "replayed")]) == 1)
    }

    @Test("the second /weather danang is answered inline, byte for byte the full path's answer, with its own request id")
    func repeatedCommandInline() async throws {
        let application = try application()
        #expect(application.router.handleInline(request("danang")) == nil, "nothing stored yet")
        let full = await application.router.respond(to: request("danang"))
        #expect(full.status == .ok)
        let inline = try #require(application.router.handleInline(request("danang")))
        #expect(inline.status == .ok)
        #expect(inline.body == full.body)
        #expect(inline.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(inline.headers["X-Request-Id"] != nil && inline.headers["X-Request-Id"] != full.headers["X-Request-Id"])
        #expect(fake.calls.count == 2)
        #expect(metrics.counter("tenki_http_requests_total", [("route", "commands"), ("status", "200")]) == 2)
    }

    @Test("while recording (serve --record), a repeated command takes the full path, which writes its replay file")
    func recordingSkipsTheInlinePath() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-cached-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var router = try application().router
        _ = await router.respond(to: request("danang"))
        #expect(router.handleInline(request("danang")) != nil)
        router.recorder = try RequestRecorder(directory: directory, settings: [:])
        #expect(router.handleInline(request("danang")) == nil)
        #expect(await router.respond(to: request("danang")).status == .ok)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
    }

    @Test("a flipped signature is answered 401 on the listener's thread, never with the stored answer")
    func badSignature() async throws {
        let application = try application()
        _ = await application.router.respond(to: request("danang"))
        #expect(application.router.handleInline(request("danang")) != nil)
        let bad = request("danang", flipSignature: true)
        #expect(application.router.handleInline(bad)?.status == .unauthorized)
    }

    @Test("a stored answer ends when the local minute changes, and when the weather entry goes stale")
    func expiry() async throws {
        let application = try application()
        _ = await application.router.respond(to: request("danang"))
        clock.advance(by: 59)
        #expect(application.router.handleInline(request("danang")) != nil)
        clock.advance(by: 1)  // the place's clock shows the next minute: the answer must be rebuilt
        // The remembered preferences expire at the same second: one request reads them again, one
        // rebuilds the answer, and the others meanwhile get the expired answer instead of each
        // taking the full path.
        #expect(application.router.handleInline(request("danang")) == nil)
        #expect(application.router.handleInline(request("danang")) == nil)
        #expect(application.router.handleInline(request("danang")) != nil)
        _ = await application.router.respond(to: request("danang"))
        #expect(application.router.handleInline(request("danang")) != nil)
        clock.advance(by: 10 * 60)  // weather's time to live
        #expect(application.router.handleInline(request("danang")) == nil)
        clock.advance(by: ReplyCache.rebuildGrace)  // no refresh came within the grace: the full path again
        #expect(application.router.handleInline(request("danang")) == nil)
    }

    @Test("stale answers (upstream failing) are not stored")
    func staleNotStored() async throws {
        let application = try application()
        _ = await application.router.respond(to: request("danang"))
        fake.setFailure(.internalServerError)
        clock.advance(by: 11 * 60)
        let stale = await application.router.respond(to: request("danang"))
        #expect(String(decoding: stale.body, as: UTF8.self).contains("as of"))
        #expect(application.router.handleInline(request("danang")) == nil)
    }

    @Test("saved units and places are part of the key: another user's answer is not reused")
    func perUserDefaults() async throws {
        let application = try application()
        _ = await application.router.respond(to: request("danang", userID: "U1"))
        // U2's first command takes the full path (it reads U2's saved defaults from the store);
        // with the same (no) saved defaults, it then shares U1's stored answer.
        #expect(application.router.handleInline(request("danang", userID: "U2")) == nil)
        _ = await application.router.respond(to: request("danang", userID: "U2"))
        #expect(application.router.handleInline(request("danang", userID: "U2")) != nil)
        _ = await application.router.respond(to: request("set units imperial", userID: "U2"))
        #expect(application.router.handleInline(request("danang", userID: "U2")) == nil)
        let imperial = await application.router.respond(to: request("danang", userID: "U2"))
        #expect(String(decoding: imperial.body, as: UTF8.self).contains("°F"))
        #expect(application.router.handleInline(request("danang", userID: "U1")).map { String(decoding: $0.body, as: UTF8.self).contains("°C") } == true)
    }

    @Test("the rate limit counts inline answers; over it, the full path answers")
    func rateLimit() async throws {
        let application = try application(["TENKI_USER_RATE_LIMIT": "2"])
        _ = await application.router.respond(to: request("danang"))
        #expect(application.router.handleInline(request("danang")) != nil)
        #expect(application.router.handleInline(request("danang")) == nil)
        let limited = await application.router.respond(to: request("danang"))
        #expect(!String(decoding: limited.body, as: UTF8.self).contains("Da Nang"))
    }

    @Test("forecasts, help and other commands are not stored")
    func onlyCurrentWeather() async throws {
        let application = try application()
        for text in ["forecast danang", "help", ""] {
            _ = await application.router.respond(to: request(text))
            #expect(application.router.handleInline(request(text)) == nil)
        }
        _ = await application.router.respond(to: request("danang", command: "/news"))
        #expect(application.router.handleInline(request("danang", command: "/news")) == nil)
    }
}

@Suite("ReplyCache")
struct ReplyCacheTests {
    let now = Date(timeIntervalSince1970: 1_800_000_030)
    let key = ReplyCache.Key(text: "danang", savedPlace: nil, savedUnits: nil)

    @Test("an answer is served until validUntil; then the first look-up misses, to rebuild it")
    func validity() {
        let cache = ReplyCache()
        cache.store([1, 2, 3], for: key, validUntil: now.addingTimeInterval(30), now: now)
        #expect(cache.answer(for: key, now: now.addingTimeInterval(29.9)) == [1, 2, 3])
        #expect(cache.answer(for: key, now: now.addingTimeInterval(30)) == nil)
        let fresh = ReplyCache()
        fresh.store([4], for: key, validUntil: now, now: now)  // already over: not kept
        #expect(fresh.answer(for: key, now: now) == nil)
        #expect(fresh.count == 0)
        #expect(cache.answer(for: ReplyCache.Key(text: "danang", savedPlace: nil, savedUnits: .imperial), now: now) == nil)
    }

    @Test("while the first look-up after expiry rebuilds, the others get the expired answer, for at most the grace")
    func oneRebuildAtATime() {
        let cache = ReplyCache()
        let expiry = now.addingTimeInterval(30)
        cache.store([1], for: key, validUntil: expiry, now: now)
        #expect(cache.answer(for: key, now: expiry) == nil)  // this caller rebuilds
        #expect(cache.answer(for: key, now: expiry.addingTimeInterval(0.01)) == [1])  // the others do not
        #expect(cache.answer(for: key, now: expiry.addingTimeInterval(ReplyCache.rebuildGrace - 0.01)) == [1])
        cache.store([2], for: key, validUntil: expiry.addingTimeInterval(60), now: expiry.addingTimeInterval(0.5))
        #expect(cache.answer(for: key, now: expiry.addingTimeInterval(0.6)) == [2])  // the rebuilt answer

        // A rebuild that stores nothing (an upstream failure): after the grace, every look-up misses again.
        let next = expiry.addingTimeInterval(60)
        #expect(cache.answer(for: key, now: next) == nil)
        #expect(cache.answer(for: key, now: next.addingTimeInterval(ReplyCache.rebuildGrace)) == nil)
        #expect(cache.answer(for: key, now: next.addingTimeInterval(ReplyCache.rebuildGrace + 0.1)) == nil)
    }

    @Test("bounded: when full, expired answers go first, then all")
    func bounded() {
        let cache = ReplyCache(maxEntries: 2)
        cache.store([1], for: ReplyCache.Key(text: "a"), validUntil: now.addingTimeInterval(1), now: now)
        cache.store([2], for: ReplyCache.Key(text: "b"), validUntil: now.addingTimeInterval(60), now: now)
        let later = now.addingTimeInterval(2)
        cache.store([3], for: ReplyCache.Key(text: "c"), validUntil: later.addingTimeInterval(60), now: later)
        #expect(cache.count == 2)
        #expect(cache.answer(for: ReplyCache.Key(text: "b"), now: later) == [2])
        cache.store([4], for: ReplyCache.Key(text: "d"), validUntil: later.addingTimeInterval(60), now: later)
        #expect(cache.count == 1)
        #expect(cache.answer(for: ReplyCache.Key(text: "d"), now: later) == [4])
    }

    @Test("hits and misses are counted as tenki_cache_lookups_total{cache=\"reply\"}")
    func counted() {
        let metrics = MetricsRegistry()
        let cache = ReplyCache(metrics: metrics)
        #expect(cache.answer(for: key, now: now) == nil)
        cache.store([1], for: key, validUntil: now.addingTimeInterval(30), now: now)
        #expect(cache.answer(for: key, now: now) == [1])
        #expect(cache.answer(for: key, now: now.addingTimeInterval(1)) == [1])
        #expect(cache.answer(for: key, now: now.addingTimeInterval(31)) == nil)  // expired: a miss
        #expect(metrics.counter("tenki_cache_lookups_total", [("cache", "reply"), ("result", "hit")]) == 2)
        #expect(metrics.counter("tenki_cache_lookups_total", [("cache", "reply"), ("result", "miss")]) == 2)
        #expect(metrics.exposition().contains("tenki_cache_lookups_total{cache=\"reply\",result=\"hit\"} 2"))
    }

    @Test("the next minute starts on the minute")
    func nextMinute() {
        #expect(ReplyCache.nextMinute(after: Date(timeIntervalSince1970: 120)) == Date(timeIntervalSince1970: 180))
        #expect(ReplyCache.nextMinute(after: Date(timeIntervalSince1970: 179.5)) == Date(timeIntervalSince1970: 180))
    }
}
