import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

/// A receiver on 127.0.0.1 that answers every post to `/services/…` with a redirect to
/// `/elsewhere`, and counts what arrives where.
private final class RedirectingReceiver: AsyncHTTPHandler, @unchecked Sendable {
    let status: Int
    private let lock = NSLock()
    private var received: [String] = []

    init(status: Int) { self.status = status }

    /// "METHOD /path" of every request, in order.
    var arrivals: [String] { lock.withLock { received } }

    func handleInline(_ request: HTTPRequest) -> HTTPResponse? { nil }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        lock.withLock { received.append("\(request.method) \(request.path)") }
        if request.path.hasPrefix("/services/") {
            return HTTPResponse(status: HTTPStatus(code: status, reason: "Redirect"), headers: ["Location": "/elsewhere"])
        }
        return .text(.ok, "ok")
    }
}

/// Deliveries never follow redirects (CONTRACT.md): an allowed host answering 3xx must not make
/// Tenki post the message anywhere else, and the attempt fails with its reason.
@Suite("Delivery: redirects are not followed")
struct DeliveryRedirectTests {
    @Test("a 3xx answer is a failed attempt with its reason, and nothing goes to the Location", arguments: [307, 308, 301, 302])
    func redirectIsNotFollowed(status: Int) async throws {
        let receiver = RedirectingReceiver(status: status)
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let port = try server.start()
        do {
            try await deliverOnce(to: port, receiver: receiver, status: status)
        } catch {
            await server.shutdown(gracePeriod: .zero)
            throw error
        }
        await server.shutdown(gracePeriod: .zero)
    }

    private func deliverOnce(to port: Int, receiver: RedirectingReceiver, status: Int) async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let start = DeliveryFixtures.start
        let queue = DeliveryQueue(
            store: store, transport: CurlTransport(connectTimeout: .seconds(2)), clock: TestClock(start),
            configuration: .init(owner: "redirects", requestTimeout: .seconds(60)), random: SplitMix64(seed: 3))
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/services/T0/B0/secret"))

        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("hello", to: url))
        #expect(await queue.runOnce(now: start) == nil)

        #expect(receiver.arrivals == ["POST /services/T0/B0/secret"])
        let summary = try #require(try await store.summary(of: id))
        #expect(summary.state == .dead)
        #expect(summary.lastError == "HTTP \(status) redirect not followed")
        #expect(summary.attempts == 1)
    }
}
