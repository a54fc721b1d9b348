import Foundation
import TenkiFakes
import TenkiHTTPClient
import TenkiMetrics
import TenkiTestSupport
import Testing

@testable import TenkiApp
@testable import TenkiCore
@testable import TenkiHTTPServer
@testable import TenkiStorage

/// The bound on inbound work in flight (`TENKI_INBOUND_IN_FLIGHT`): beyond it, commands and
/// presses are refused at once with a private note, counted, and nothing is started or stored.
@Suite("Inbound work in flight")
struct InboundLimitTests {
    @Test("admits up to the bound, refuses and counts beyond it, and takes again once a ticket goes away")
    func bound() {
        let metrics = MetricsRegistry()
        let limit = InboundLimit(bound: 2, metrics: metrics)
        var first = limit.admit(.press)
        let second = limit.admit(.command)
        #expect(first != nil && second != nil && limit.count == 2)
        #expect(limit.admit(.press) == nil)
        #expect(limit.admit(.command) == nil)
        #expect(limit.admit(.press) == nil)
        #expect(metrics.counter(InboundLimit.refusedMetric, [("kind", "press")]) == 2)
        #expect(metrics.counter(InboundLimit.refusedMetric, [("kind", "command")]) == 1)
        #expect(metrics.gauge(InboundLimit.inFlightMetric) == 2)
        first = nil  // the last reference gone: its place is given back
        #expect(limit.count == 1)
        let third = limit.admit(.press)
        #expect(third != nil)
        second?.release()
        second?.release()  // once only
        #expect(limit.count == 1)
        #expect(metrics.exposition().contains("tenki_inbound_refused_total{kind=\"event\"} 0\n"))
        // Answers waiting in the outbox count against the same bound.
        #expect(limit.admit(.press, queued: 1) == nil)
        withExtendedLifetime(third) {}
        #expect(limit.admit(.press, queued: 1) == nil)
    }

    @Test("a press is refused while the outbox holds as many answers as the bound, and taken once they are sent")
    func pressRefusedWhileTheOutboxIsFull() async throws {
        let stack = try SlackInteractionTests.Stack(environment: ["TENKI_INBOUND_IN_FLIGHT": "1"])
        let waiting = NewDelivery(
            kind: "interaction", destination: URL(string: stack.sinkOrigin + "/actions/T0/0/waiting")!,
            destinationKind: .responseURL, body: Array("{}".utf8), createdAt: stack.clock.now())
        _ = try await stack.application.queue.enqueue(waiting)
        #expect(stack.application.queue.backlog == 1)
        let refused = try await stack.press(actionID: "tenki.weather.now", value: SlackInteractionTests.danang.encoded)
        #expect(refused.status == 200 && String(decoding: refused.body, as: UTF8.self).contains("busy"))
        _ = await stack.application.queue.runOnce(now: stack.clock.now())
        #expect(stack.application.queue.backlog == 0)
        let taken = try await stack.press(actionID: "tenki.weather.now", value: SlackInteractionTests.danang.encoded)
        #expect(taken.status == 200 && taken.body.isEmpty)
        #expect(try await stack.delivered().count == 1)
        await stack.stop()
    }

    @Test("a command over the bound gets a private busy note at once; nothing is looked up or stored")
    func commandRefused() async throws {
        let metrics = MetricsRegistry()
        let harness = try AppHarness(
            environment: ["TENKI_INBOUND_IN_FLIGHT": "1"], metrics: metrics, lateAnswers: .queued, state: .memory)
        let responder = try #require(harness.application.router.dispatcher.rule)
        let held = try #require(responder.inbound.admit(.command))
        let reply = try await harness.message("/weather", "Tokyo")
        #expect(reply.text == ReplyStrings.english.busy)
        #expect(reply.responseType == .ephemeral)
        #expect(harness.fakes.openWeather.calls.isEmpty)
        #expect(try await harness.application.state.deliveries.list(states: [.pending, .dead]).isEmpty)
        #expect(metrics.counter(InboundLimit.refusedMetric, [("kind", "command")]) == 1)
        held.release()
        let answered = try await harness.message("/weather", "Tokyo")
        #expect(answered.text != ReplyStrings.english.busy)
        #expect(responder.inbound.count == 0)
    }

    @Test("a press over the bound gets a 200 with a private busy note; nothing is queued; the next press is taken")
    func pressRefused() async throws {
        let stack = try SlackInteractionTests.Stack(environment: ["TENKI_INBOUND_IN_FLIGHT": "1"])
        let presses = try #require(stack.application.router.dispatcher.presses)
        let held = try #require(presses.inbound.admit(.press))
        let refused = try await stack.press(actionID: "tenki.weather.forecast", value: SlackInteractionTests.danang.encoded)
        #expect(refused.status == 200)
        let note = try JSONDecoder().decode(SlackMessage.self, from: Data(refused.body))
        #expect(note.text == ReplyStrings.english.busy)
        #expect(note.responseType == .ephemeral && note.replaceOriginal == false)
        #expect(try await stack.delivered().isEmpty)
        #expect(try await stack.application.state.deliveries.list(states: [.pending, .dead]).isEmpty)
        #expect(stack.fake.calls.isEmpty)
        #expect(stack.application.metrics.counter(InboundLimit.refusedMetric, [("kind", "press")]) == 1)
        held.release()
        let taken = try await stack.press(actionID: "tenki.weather.forecast", value: SlackInteractionTests.danang.encoded)
        #expect(taken.status == 200 && taken.body.isEmpty)
        let posted = try await stack.delivered()
        await stack.stop()
        #expect(posted.count == 1)
        #expect(presses.inbound.count == 0)
    }
}
