import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiTestSupport
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP listener on 127.0.0.1 that never accepts on its own: every connection a client
/// completes waits in its backlog, so `connectionsMade()` counts them all, even one closed at once.
private final class CountingListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        guard let port = bindToLoopback(fd), listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        descriptor = fd
        self.port = port
    }

    /// Connections completed so far (each is accepted and closed here).
    func connectionsMade() -> Int {
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }

    deinit { close(descriptor) }
}

/// Answers 200 "ok" to everything and counts the requests.
private final class CountingReceiver: AsyncHTTPHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    var received: [String] { lock.withLock { paths } }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        lock.withLock { paths.append("\(request.method) \(request.path)") }
        return .text(.ok, "ok")
    }
}

/// Issue 40, item 4, for deliveries: a destination whose host is a public name may only reach
/// public addresses (checked by the transport on each resolved address, before connecting), while
/// hosts private by their own text (loopback, `*.internal`, ...) keep working.
@Suite("Delivery: the address rule")
struct DeliveryAddressRuleTests {
    let start = DeliveryFixtures.start

    private func queue(_ store: SQLiteDeliveryStore, resolve: [String] = []) -> DeliveryQueue {
        DeliveryQueue(
            store: store, transport: CurlTransport(connectTimeout: .seconds(2), resolve: resolve), clock: TestClock(start),
            configuration: .init(owner: "address-rule", requestTimeout: .seconds(60)), random: SplitMix64(seed: 5))
    }

    private func lateAnswer(to url: URL) -> NewDelivery {
        NewDelivery(
            kind: "late-answer", destination: url, destinationKind: .responseURL, body: DeliveryFixtures.message("hi"),
            createdAt: start)
    }

    @Test("an allowed public host whose name resolves to loopback is dead before any connection")
    func publicNameResolvingToLoopbackIsRefused() async throws {
        let listener = try CountingListener()
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let queue = queue(store, resolve: ["hooks.slack.com:\(listener.port):127.0.0.1"])
        // HTTPS: refused before any connection, so no TLS is ever spoken to the plain listener.
        let url = try #require(URL(string: "https://hooks.slack.com:\(listener.port)/commands/T0/1/secret"))

        let id = try await queue.enqueue(lateAnswer(to: url))
        #expect(await queue.runOnce(now: start) == nil)

        #expect(listener.connectionsMade() == 0)
        let summary = try #require(try await store.summary(of: id))
        #expect(summary.state == .dead)
        #expect(summary.attempts == 1)
        #expect(summary.lastError == AttemptOutcome.transportFailure(.addressRefused).summary)
        #expect(summary.lastError?.contains("refused before connecting") == true)
    }

    @Test("postUnqueued refuses the same way")
    func unqueuedPostIsRefusedToo() async throws {
        let listener = try CountingListener()
        let file = try TemporaryStateFile()
        let queue = queue(try SQLiteDeliveryStore(path: file.path), resolve: ["hooks.slack.com:\(listener.port):127.0.0.1"])
        let url = try #require(URL(string: "https://hooks.slack.com:\(listener.port)/commands/T0/1/secret"))
        #expect(await queue.postUnqueued(lateAnswer(to: url)) == .transportFailure(.addressRefused))
        #expect(listener.connectionsMade() == 0)
    }

    @Test(
        "a loopback entry, a private name, and a plain-HTTP entry's public-looking name resolving to loopback, still deliver",
        arguments: ["127.0.0.1", "localhost", "chat.internal", "mattermost", "chat.example.com"])
    func privateHostsDeliver(host: String) async throws {
        let receiver = CountingReceiver()
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let port = try server.start()
        do {
            let file = try TemporaryStateFile()
            let store = try SQLiteDeliveryStore(path: file.path)
            let queue = queue(store, resolve: ["\(host):\(port):127.0.0.1"])
            let url = try #require(URL(string: "http://\(host):\(port)/hooks/abc"))
            let id = try await queue.enqueue(lateAnswer(to: url))
            #expect(await queue.runOnce(now: start) == nil)
            #expect(try await store.summary(of: id)?.state == .delivered, "\(host)")
            #expect(receiver.received == ["POST /hooks/abc"])
        } catch {
            await server.shutdown(gracePeriod: .zero)
            throw error
        }
        await server.shutdown(gracePeriod: .zero)
    }
}
