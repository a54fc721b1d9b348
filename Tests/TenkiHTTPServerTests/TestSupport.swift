import Synchronization
import Foundation
import TenkiLogging
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

/// The handler loopback tests talk to. Paths:
/// - `/inline/...` answered by `route` on the loop;
/// - `/echo` returns the body it received;
/// - `/gate/NAME` reports that it started, then waits until the test opens gate NAME;
/// - `/forever` reports that it started (gate `forever`) and never answers;
/// - `answerWithoutBody` answers 404 for paths under `/unknown`, nil (read the body) for the rest.
/// Anything else: 200 with the path, from `handle` in a task.
struct TestHandler: HTTPHandler {
    let gates = Gates()

    func route(_ request: HTTPRequest) -> HTTPHandling {
        request.path.hasPrefix("/inline") ? .respond(.text(.ok, "inline \(request.path)")) : .later { await handle(request) }
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if request.path == "/echo" {
            return HTTPResponse(status: .ok, body: request.body)
        }
        if request.path.hasPrefix("/gate/") {
            let name = String(request.path.dropFirst("/gate/".count))
            gates.started(name).signal()
            await gates.release(name).wait()
            return .text(.ok, "released \(name)")
        }
        if request.path == "/forever" {
            gates.started("forever").signal()
            await gates.release("never").wait()
        }
        return .text(.ok, "async \(request.path)")
    }

    func answerWithoutBody(_ head: HTTPRequest) -> HTTPResponse? {
        head.path.hasPrefix("/unknown") ? .text(.notFound, "no such path") : nil
    }
}

/// Named one-shot signals: `started(name)` fires when a gated request reaches the handler,
/// `release(name)` lets it answer.
final class Gates: Sendable {
    private let signals = Mutex([String: AsyncSignal]())

    private func signal(_ key: String) -> AsyncSignal {
        signals.withLock { signals in
            if let existing = signals[key] { return existing }
            let created = AsyncSignal()
            signals[key] = created
            return created
        }
    }

    func started(_ name: String) -> AsyncSignal { signal("started:" + name) }
    func release(_ name: String) -> AsyncSignal { signal("release:" + name) }

    struct NeverStarted: Error, CustomStringConvertible {
        let name: String
        var description: String { "the gated request \(name) never reached the handler" }
    }

    /// Returns once the gated request `name` reached the handler; throws after ten minutes
    /// instead of hanging the test run when it never does (a bound, not a timing).
    func waitUntilStarted(_ name: String) async throws {
        let started = started(name)
        await started.wait(after: 0, timeout: .seconds(600))
        guard started.isSignaled else { throw NeverStarted(name: name) }
    }
}

/// Counts what the server reports, for assertions on the observer.
final class CountingObserver: HTTPServerObserver {
    let rejections = Mutex([HTTPRejection]())
    let statuses = Mutex([Int]())
    let opened = Mutex(0)
    let closed = Mutex(0)

    func connectionOpened() { opened.withLock { $0 += 1 } }
    func connectionClosed() { closed.withLock { $0 += 1 } }
    func requestCompleted(_ record: @autoclosure () -> HTTPRequestRecord) {
        let status = record().status
        statuses.withLock { $0.append(status) }
    }
    func rejected(_ rejection: HTTPRejection) { rejections.withLock { $0.append(rejection) } }
}

/// Starts a server on an ephemeral loopback port, runs `body`, and always shuts the server down.
func withServer(
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in },
    handler: TestHandler = TestHandler(),
    observer: CountingObserver? = nil,
    _ body: (HTTPServer, Int) async throws -> Void
) async throws {
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 2)
    // Far away unless a test is about them: on a loaded machine (the full suite beside two busy
    // loops and other builds) a test client was stalled for over a minute between connecting and
    // writing, or a gated handler between starting and its release, and must not be mistaken for
    // a slow client or a stuck handler.
    configuration.headerTimeout = .seconds(600)
    configuration.bodyTimeout = .seconds(600)
    configuration.handlerTimeout = .seconds(600)
    configuration.idleTimeout = .seconds(600)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: handler, logger: .discarding, observer: observer)
    let port = try server.start()
    do {
        try await body(server, port)
    } catch {
        await server.shutdown(gracePeriod: .zero)
        throw error
    }
    await server.shutdown(gracePeriod: .seconds(1))
}

func get(_ path: String, _ extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
}
