import Foundation
import TenkiCore
import TenkiFakes
import Testing

@testable import TenkiApp

/// Events as `Inbound` values, whichever way they came: the dispatcher de-duplicates by
/// `event_id` across ways in (an HTTP request and a Socket Mode envelope carry the same id when
/// Slack retries over the other), and an event refused as busy is not marked seen.
@Suite("Events through the dispatcher, whatever way they came")
struct EventDispatchTests {
    static func homeOpened(_ id: String, via target: ReplyTarget) -> Inbound {
        Inbound(
            .event(InboundEvent(type: "app_home_opened", id: id, tab: "home")),
            context: InboundContext(platform: .slack, team: "T0TENKI", user: "U0TENKIDEMO", replyTarget: target))
    }

    static func harness() throws -> AppHarness {
        try AppHarness(environment: [
            "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "http://fakes.test/slack-api",
        ])
    }

    @Test("the same event_id over HTTP then over a socket: one Home tab queued, the second acknowledged")
    func onceAcrossWaysIn() async throws {
        let harness = try Self.harness()
        let dispatcher = harness.application.router.dispatcher
        let overHTTP = await dispatcher.dispatch(Self.homeOpened("Ev1", via: .responseURL(nil)), logger: .discarding)
        let overSocket = await dispatcher.dispatch(
            Self.homeOpened("Ev1", via: .socketAcknowledgement(envelopeID: "env-1")), logger: .discarding)
        guard case .acknowledged = overHTTP, case .acknowledged = overSocket else {
            Issue.record("not acknowledged: \(overHTTP), \(overSocket)")
            return
        }
        let queued = try await harness.application.state.deliveries.list(states: [.pending])
        #expect(queued.map(\.kind) == ["home-tab"])
    }

    @Test("an event refused as busy answers 503 and is not marked seen: Slack's retry is taken")
    func busyNotSeen() async throws {
        let harness = try Self.harness()
        var busy = harness.application.router.dispatcher
        let full = InboundLimit(bound: 1, metrics: nil)
        let held = try #require(full.admit(.command))
        busy.rule?.inbound = full
        let refused = await busy.dispatch(Self.homeOpened("Ev2", via: .responseURL(nil)), logger: .discarding)
        guard case .busy = refused else {
            Issue.record("not refused: \(refused)")
            return
        }
        held.release()
        let retried = await busy.dispatch(Self.homeOpened("Ev2", via: .responseURL(nil)), logger: .discarding)
        guard case .acknowledged = retried else {
            Issue.record("the retry was not taken: \(retried)")
            return
        }
        #expect(try await harness.application.state.deliveries.list(states: [.pending]).count == 1)
    }

    @Test("an event Tenki does not act on, and app_home_opened on the messages tab: ignored, counted")
    func ignored() async throws {
        let harness = try Self.harness()
        let dispatcher = harness.application.router.dispatcher
        let messagesTab = Inbound(
            .event(InboundEvent(type: "app_home_opened", id: "Ev3", tab: "messages")),
            context: InboundContext(platform: .slack, team: "T0TENKI", user: "U0TENKIDEMO", replyTarget: .responseURL(nil)))
        _ = await dispatcher.dispatch(messagesTab, logger: .discarding)
        _ = await dispatcher.dispatch(
            Inbound(.event(InboundEvent(type: "reaction_added", id: "Ev4")), context: messagesTab.context), logger: .discarding)
        let metrics = harness.application.dependencies.metrics
        #expect(metrics.counter("tenki_events_total", [("type", "app_home_opened"), ("outcome", "ignored")]) == 1)
        #expect(metrics.counter("tenki_events_total", [("type", "other"), ("outcome", "ignored")]) == 1)
        #expect(try await harness.application.state.deliveries.list(states: [.pending]).isEmpty)
    }
}
