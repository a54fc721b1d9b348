import Synchronization
import Foundation
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

/// Paths: `/echo` (body back; the method as `X-Method`, some request headers as `Echo-NAME`), `/status/503`,
/// `/redirect/NNN` (status NNN to `/echo`), `/loop` (302 to itself), `/huge` (one byte over the
/// transport's limit), `/slow` (answers
/// after 1.2 s), `/forever` (signals `foreverStarted`, never answers).
final class UpstreamHandler: AsyncHTTPHandler {
    let foreverStarted = AsyncSignal()
    /// How many `/echo` requests arrived.
    let echoed = Mutex(0)
    /// How many `/loop` requests arrived.
    let looped = Mutex(0)


    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        switch request.path {
        case "/echo":
            echoed.withLock { $0 += 1 }
            var headers: HTTPHeaders = ["X-Method": request.method, "X-Injected": request.headers["X-Injected"] ?? "no"]
            for name in ["X-Test", "Content-Type", "User-Agent", "Expect"] {
                headers.add("Echo-" + name, request.headers[name] ?? "")
            }
            return HTTPResponse(status: .ok, headers: headers, body: request.body)
        case "/status/503":
            return .text(HTTPStatus(code: 503, reason: "Service Unavailable"), "try later", headers: ["Retry-After": "7"])
        case _ where request.path.hasPrefix("/redirect/"):
            let code = Int(request.path.dropFirst("/redirect/".count)) ?? 302
            return HTTPResponse(status: HTTPStatus(code: code, reason: "Redirect"), headers: ["Location": "/echo"])
        case "/loop":
            looped.withLock { $0 += 1 }
            return HTTPResponse(status: HTTPStatus(code: 302, reason: "Found"), headers: ["Location": "/loop"])
        case "/huge":
            return HTTPResponse(status: .ok, body: [UInt8](repeating: 0x61, count: CurlTransport.maximumResponseBytes + 1))
        case "/slow":
            try? await Task.sleep(for: .milliseconds(1200))
            return .text(.ok, "finally")
        case "/forever":
            foreverStarted.signal()
            await AsyncSignal().wait()
            return .text(.ok, "never")
        default:
            return .text(.notFound, "no such path")
        }
    }
}

/// Runs `body` with the base URL of a listener on loopback that answers with `handler`.
func withUpstream(
    _ handler: UpstreamHandler = UpstreamHandler(), _ body: (URL) async throws -> Void
) async throws {
    let server = HTTPServer(
        configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 1), handler: handler,
        logger: .discarding)
    let port = try server.start()
    do {
        try await body(URL(string: "http://127.0.0.1:\(port)")!)
    } catch {
        await server.shutdown(gracePeriod: .zero)
        throw error
    }
    await server.shutdown(gracePeriod: .zero)
}
