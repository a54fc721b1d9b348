import Testing
@testable import TenkiHTTPServer

@Suite("EventLoop: when a loop polls before it sleeps")
struct EventLoopWaitingTests {
    static let poll = Duration.microseconds(50)
    static let limit = EventLoop.pollingConnectionLimit

    static func polls(
        timeout: Int32 = 250, afterWork: Bool = true, loop: Int = 1, server: Int = 1, pollFor: Duration = poll
    ) -> Bool {
        EventLoop.pollsBeforeSleeping(
            timeoutMilliseconds: timeout, afterWork: afterWork, loopConnections: loop, serverConnections: server,
            pollFor: pollFor)
    }

    @Test("a wait that would sleep right after work, with few connections in the server, polls first")
    func pollsAfterWorkWithFewConnections() {
        #expect(Self.polls())
        #expect(Self.polls(timeout: 1, loop: Self.limit, server: Self.limit))
    }

    @Test("many connections, an idle loop, a wait that does not sleep, or no polling time: the loop sleeps at once")
    func sleepsOtherwise() {
        #expect(!Self.polls(loop: Self.limit + 1, server: Self.limit + 1))
        #expect(!Self.polls(afterWork: false))
        #expect(!Self.polls(timeout: 0))
        #expect(!Self.polls(pollFor: .zero))
    }

    @Test("a loop with few connections sleeps when the server has many: the busy loops need the CPUs")
    func serverCountDecides() {
        #expect(!Self.polls(loop: 3, server: 50))
        #expect(!Self.polls(loop: 0, server: Self.limit + 1))
    }

    @Test("the server's count, which the loops share, is not read when the loop's already decides")
    func serverCountReadOnlyWhenNeeded() {
        var reads = 0
        let counted: () -> Int = {
            reads += 1
            return 1
        }
        _ = EventLoop.pollsBeforeSleeping(
            timeoutMilliseconds: 250, afterWork: false, loopConnections: 1, serverConnections: counted(), pollFor: Self.poll)
        _ = EventLoop.pollsBeforeSleeping(
            timeoutMilliseconds: 250, afterWork: true, loopConnections: 40, serverConnections: counted(), pollFor: Self.poll)
        #expect(reads == 0)
        _ = EventLoop.pollsBeforeSleeping(
            timeoutMilliseconds: 250, afterWork: true, loopConnections: 1, serverConnections: counted(), pollFor: Self.poll)
        #expect(reads == 1)
    }

    @Test("a negative polling time is stored as none")
    func negativeIsNone() {
        #expect(HTTPServer.Configuration(pollBeforeSleeping: .microseconds(-5)).pollBeforeSleeping == .zero)
        #expect(HTTPServer.Configuration().pollBeforeSleeping == .microseconds(50))
    }
}
