import Testing

@testable import TenkiWebSocket

/// The keep-alive as numbers: a ping every 30 s, a peer silent for 90 s dropped.
@Suite struct WebSocketKeepAliveTests {
    @Test func pingsEveryThirtySecondsWhateverElseFlows() {
        var keepAlive = WebSocketKeepAlive(now: .seconds(100))
        #expect(keepAlive.nextDeadline == .seconds(130))
        #expect(keepAlive.tick(at: .seconds(129)) == .none)
        keepAlive.heard(at: .seconds(129))
        #expect(keepAlive.tick(at: .seconds(130)) == .sendPing)
        #expect(keepAlive.tick(at: .seconds(130)) == .none)
        #expect(keepAlive.nextDeadline == .seconds(160))
        #expect(keepAlive.tick(at: .seconds(160)) == .sendPing)
    }

    @Test func aPeerSilentForNinetySecondsIsDropped() {
        var keepAlive = WebSocketKeepAlive(now: .zero)
        #expect(keepAlive.tick(at: .seconds(30)) == .sendPing)
        #expect(keepAlive.tick(at: .seconds(60)) == .sendPing)
        #expect(keepAlive.nextDeadline == .seconds(90))
        #expect(keepAlive.tick(at: .seconds(89)) == .none)
        #expect(keepAlive.tick(at: .seconds(90)) == .drop)
    }

    @Test func anyFrameHeardPutsTheDropOff() {
        var keepAlive = WebSocketKeepAlive(now: .zero)
        _ = keepAlive.tick(at: .seconds(30))
        keepAlive.heard(at: .seconds(31))  // the pong
        _ = keepAlive.tick(at: .seconds(60))
        #expect(keepAlive.tick(at: .seconds(90)) == .sendPing)
        #expect(keepAlive.tick(at: .seconds(120)) == .sendPing)
        #expect(keepAlive.tick(at: .milliseconds(120_999)) == .none)
        #expect(keepAlive.tick(at: .seconds(121)) == .drop)
    }

    @Test func theDefaultsAreThirtyAndNinetySeconds() {
        let keepAlive = WebSocketKeepAlive(now: .zero)
        #expect(keepAlive.pingInterval == .seconds(30) && keepAlive.silenceLimit == .seconds(90))
        let configuration = WebSocketConfiguration()
        #expect(configuration.pingInterval == .seconds(30) && configuration.silenceLimit == .seconds(90))
        #expect(configuration.maxMessageBytes == 4 * 1024 * 1024)
    }
}
