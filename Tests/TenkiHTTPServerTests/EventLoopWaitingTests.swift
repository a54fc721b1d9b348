import Testing
@testable import TenkiHTTPServer

@Suite("EventLoop: when a loop polls before it sleeps")
struct EventLoopWaitingTests {
    static let poll = Duration.microseconds(50)

    @Test("a wait that would sleep right after work, with few connections, polls first")
    func pollsAfterWorkWithFewConnections() {
        #expect(EventLoop.pollsBeforeSleeping(timeoutMilliseconds: 250, afterWork: true, connectionCount: 1, pollFor: Self.poll))
        let limit = EventLoop.pollingConnectionLimit
        #expect(EventLoop.pollsBeforeSleeping(timeoutMilliseconds: 1, afterWork: true, connectionCount: limit, pollFor: Self.poll))
    }

    @Test("many connections, an idle loop, a wait that does not sleep, or no polling time: the loop sleeps at once")
    func sleepsOtherwise() {
        let limit = EventLoop.pollingConnectionLimit
        #expect(!EventLoop.pollsBeforeSleeping(
            timeoutMilliseconds: 250, afterWork: true, connectionCount: limit + 1, pollFor: Self.poll))
        #expect(!EventLoop.pollsBeforeSleeping(timeoutMilliseconds: 250, afterWork: false, connectionCount: 1, pollFor: Self.poll))
        #expect(!EventLoop.pollsBeforeSleeping(timeoutMilliseconds: 0, afterWork: true, connectionCount: 1, pollFor: Self.poll))
        #expect(!EventLoop.pollsBeforeSleeping(timeoutMilliseconds: 250, afterWork: true, connectionCount: 1, pollFor: .zero))
    }

    @Test("a negative polling time is stored as none")
    func negativeIsNone() {
        #expect(HTTPServer.Configuration(pollBeforeSleeping: .microseconds(-5)).pollBeforeSleeping == .zero)
        #expect(HTTPServer.Configuration().pollBeforeSleeping == .microseconds(50))
    }
}
