import Synchronization
import Foundation
import Testing
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

/// The live transport against Tenki's own listener on loopback: what goes out, what comes back,
/// and each way an exchange can fail.
@Suite("CurlTransport: outbound HTTP through libcurl")
struct CurlTransportTests {
    @Test func getReturnsStatusHeadersAndBody() async throws {
        try await withUpstream { base in
            let response = try await CurlTransport().send(OutboundRequest(url: base.appending(path: "status/503"), timeout: .seconds(60)))
            #expect(response.status == 503)
            #expect(response.headers["Retry-After"] == "7")
            #expect(String(decoding: response.body, as: UTF8.self) == "try later")
        }
    }

    /// Issue 40, item 4: with `publicAddressesOnly`, the address libcurl resolved is checked before
    /// a socket is opened, whatever the spelling of the host; the listener never sees a connection.
    @Test(
        "publicAddressesOnly refuses every spelling of loopback before connecting",
        arguments: ["127.0.0.1", "2130706433", "0x7f000001", "127.1", "0177.0.0.1", "[::ffff:7f00:1]", "[::ffff:127.0.0.1]", "localhost"])
    func publicAddressesOnly(host: String) async throws {
        let handler = UpstreamHandler()
        try await withUpstream(handler) { base in
            let url = try #require(URL(string: "http://\(host):\(base.port ?? 0)/echo"))
            do {
                _ = try await CurlTransport().send(OutboundRequest(url: url, timeout: .seconds(60), publicAddressesOnly: true))
                Issue.record("\(host): connected")
            } catch {
                guard case .connectionFailed(let reason)? = error as? TransportError else {
                    Issue.record("\(host): \(error)")
                    return
                }
                #expect(reason.contains("refused before connecting"), "\(host): \(reason)")
            }
            #expect(handler.echoed.withLock { $0 } == 0)
            let allowed = try await CurlTransport().send(OutboundRequest(url: base.appending(path: "echo"), timeout: .seconds(60)))
            #expect(allowed.status == 200, "without the rule the same listener answers")
        }
    }

    /// A public-looking name that resolves to loopback (libcurl's resolve override, no DNS) is
    /// refused with `publicAddressesOnly`, even right after an unchecked request to the same name
    /// left a connection open: a checked transfer never reuses one (CURLOPT_FRESH_CONNECT).
    @Test func publicAddressesOnlyRefusesANameResolvingToLoopbackEvenWithAConnectionKept() async throws {
        let handler = UpstreamHandler()
        try await withUpstream(handler) { base in
            let port = try #require(base.port)
            let transport = CurlTransport(resolve: ["hooks.slack.com:\(port):127.0.0.1"])
            let url = try #require(URL(string: "http://hooks.slack.com:\(port)/echo"))
            let unchecked = try await transport.send(OutboundRequest(url: url, timeout: .seconds(60)))
            #expect(unchecked.status == 200, "the override leads to the listener, and the connection stays open")
            #expect(handler.echoed.withLock { $0 } == 1)
            let error = await #expect(throws: TransportError.self) {
                try await transport.send(OutboundRequest(url: url, timeout: .seconds(60), publicAddressesOnly: true))
            }
            #expect(error?.isAddressRefusal == true, "\(String(describing: error))")
            #expect(handler.echoed.withLock { $0 } == 1, "the kept connection was not reused")
        }
    }

    @Test func postSendsMethodHeadersBodyAndUserAgent() async throws {
        try await withUpstream { base in
            let body = Array(#"{"text":"東京 ☀️"}"#.utf8) + [0] + Array("after a NUL".utf8)
            let request = OutboundRequest(
                method: "POST", url: base.appending(path: "echo"),
                headers: ["Content-Type": "application/json", "X-Test": "yes"], body: body, timeout: .seconds(60))
            let response = try await CurlTransport(userAgent: "tenki-test/1").send(request)
            #expect(response.status == 200)
            #expect(response.body == body)
            #expect(response.headers["X-Method"] == "POST")
            #expect(response.headers["Echo-X-Test"] == "yes")
            #expect(response.headers["Echo-Content-Type"] == "application/json")
            #expect(response.headers["Echo-User-Agent"] == "tenki-test/1")
        }
    }

    /// libcurl would add `Expect: 100-continue` to a body over 1 KiB and wait for a `100 Continue`:
    /// a second per message from a receiver that never sends one.
    @Test func largeBodiesGoWithoutExpectContinue() async throws {
        try await withUpstream { base in
            let body = Array(repeating: UInt8(ascii: "x"), count: 8 * 1024)
            let request = OutboundRequest(method: "POST", url: base.appending(path: "echo"), body: body, timeout: .seconds(60))
            let response = try await CurlTransport().send(request)
            #expect(response.body == body)
            #expect(response.headers["Echo-Expect"] == "")
        }
    }

    @Test func otherMethodsAreSentAsGiven() async throws {
        try await withUpstream { base in
            let transport = CurlTransport()
            let put = try await transport.send(
                OutboundRequest(method: "PUT", url: base.appending(path: "echo"), body: Array("x".utf8), timeout: .seconds(60)))
            #expect(put.headers["X-Method"] == "PUT")
            #expect(put.body == Array("x".utf8))
            let delete = try await transport.send(OutboundRequest(method: "DELETE", url: base.appending(path: "echo"), timeout: .seconds(60)))
            #expect(delete.headers["X-Method"] == "DELETE")
        }
    }

    @Test func headAsksForTheHeadOnly() async throws {
        try await withUpstream { base in
            let response = try await CurlTransport().send(OutboundRequest(method: "HEAD", url: base.appending(path: "status/503"), timeout: .seconds(60)))
            #expect(response.status == 503)
            #expect(response.headers["Retry-After"] == "7")
            #expect(response.body.isEmpty)
        }
    }

    /// The connect timeout bounds connecting only: an upstream that takes longer than it to
    /// answer (here 1.2 s against 0.1 s) is still waited for, up to the request's own timeout.
    /// (An earlier version also gave up on a connection silent for that long, rounded up to whole
    /// seconds, which would have cut Slack's posts short at 3 s of a 10 s allowance.)
    @Test func anAnswerSlowerThanTheConnectTimeoutIsStillWaitedFor() async throws {
        try await withUpstream { base in
            let transport = CurlTransport(connectTimeout: .milliseconds(100))
            let response = try await transport.send(OutboundRequest(url: base.appending(path: "slow"), timeout: .seconds(30)))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "finally")
        }
    }

    @Test func aTaskCancelledBeforeSendingSendsNothing() async throws {
        let handler = UpstreamHandler()
        try await withUpstream(handler) { base in
            let transport = CurlTransport()
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await transport.send(OutboundRequest(url: base.appending(path: "echo"), timeout: .seconds(60)))
            }
            let result = await task.result
            #expect(throws: TransportError.cancelled) { try result.get() }
            // A request that did go out afterwards is the first the upstream saw.
            _ = try await transport.send(OutboundRequest(url: base.appending(path: "echo"), timeout: .seconds(60)))
            #expect(handler.echoed.withLock { $0 } == 1)
        }
    }

    @Test func aLineBreakInAHeaderValueCannotAddAHeader() async throws {
        try await withUpstream { base in
            let request = OutboundRequest(
                url: base.appending(path: "echo"), headers: ["X-Test": "a\r\nX-Injected: yes"], timeout: .seconds(60))
            let response = try await CurlTransport().send(request)
            #expect(response.headers["X-Injected"] == "no")
            #expect(response.headers["Echo-X-Test"] == "a  X-Injected: yes")
        }
    }

    @Test func concurrentRequestsEachGetTheirOwnAnswer() async throws {
        try await withUpstream { base in
            let transport = CurlTransport(maximumConnectionsPerHost: 4)
            let bodies = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
                for index in 0..<24 {
                    group.addTask {
                        let request = OutboundRequest(
                            method: "POST", url: base.appending(path: "echo"), body: Array("request \(index)".utf8), timeout: .seconds(60))
                        return (index, try await transport.send(request).body)
                    }
                }
                var bodies: [Int: [UInt8]] = [:]
                for try await (index, body) in group { bodies[index] = body }
                return bodies
            }
            #expect(bodies.count == 24)
            for (index, body) in bodies { #expect(body == Array("request \(index)".utf8)) }
        }
    }

    @Test func aRefusedConnectionIsConnectionFailed() async throws {
        // Port 1 on loopback: nothing listens there, and it is never handed out to a listener on
        // port 0 (a freed ephemeral port could be, by a test running at the same time).
        let request = OutboundRequest(url: URL(string: "http://127.0.0.1:1/x?appid=secret")!)
        let error = await #expect(throws: TransportError.self) { try await CurlTransport().send(request) }
        guard case .connectionFailed(let reason) = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(!reason.contains("secret"))
        #expect(!reason.contains("127.0.0.1"))
    }

    @Test func noAnswerWithinTheTimeoutIsTimedOut() async throws {
        try await withUpstream { base in
            let request = OutboundRequest(url: base.appending(path: "forever"), timeout: .milliseconds(200))
            await #expect(throws: TransportError.timedOut) { try await CurlTransport().send(request) }
        }
    }

    @Test func cancellingTheTaskEndsTheTransfer() async throws {
        let handler = UpstreamHandler()
        try await withUpstream(handler) { base in
            let transport = CurlTransport()
            let task = Task {
                try await transport.send(OutboundRequest(url: base.appending(path: "forever"), timeout: .seconds(60)))
            }
            await handler.foreverStarted.wait()
            task.cancel()
            let result = await task.result
            #expect(throws: TransportError.cancelled) { try result.get() }
        }
    }

    @Test func aBodyOverTheLimitIsInvalidResponse() async throws {
        try await withUpstream { base in
            let request = OutboundRequest(url: base.appending(path: "huge"), timeout: .seconds(60))
            let error = await #expect(throws: TransportError.self) { try await CurlTransport().send(request) }
            guard case .invalidResponse(let reason) = error else {
                Issue.record("expected invalidResponse, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("larger than"))
        }
    }

    // Linux only: thread names are read from /proc/self/task.
    #if os(Linux)
    @Test func theLibraryLoadsAndTheLoopThreadIsNamed() async throws {
        try CurlTransport.loadLibrary()
        try await withUpstream { base in
            let transport = CurlTransport()
            _ = try await transport.send(OutboundRequest(url: base.appending(path: "echo"), timeout: .seconds(60)))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.compactMap {
                try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)
            } ?? []
            #expect(names.contains("tenki-curl\n"))
        }
    }
    #endif
}
