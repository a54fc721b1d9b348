import Synchronization
import Foundation
import Testing
import TenkiBase
@testable import TenkiHTTPClient

/// Redirects through the live transport: not followed unless the request asks, then each hop checked
/// by the caller, the method and body kept or dropped as browsers do, and a loop cut off.
@Suite("CurlTransport: redirects")
struct CurlTransportRedirectTests {
    @Test func aRedirectIsTheResponseUnlessTheRequestFollowsIt() async throws {
        let handler = UpstreamHandler()
        try await withUpstream(handler) { base in
            let response = try await CurlTransport().send(
                OutboundRequest(method: "POST", url: base.appending(path: "redirect/307"), body: Array("x".utf8), timeout: .seconds(60)))
            #expect(response.status == 307)
            #expect(response.headers["Location"] == "/echo")
            #expect(handler.echoed.withLock { $0 } == 0)
        }
    }

    @Test func followedRedirectsKeepOnlyTheFinalHeaders() async throws {
        try await withUpstream { base in
            let request = OutboundRequest(url: base.appending(path: "redirect/302"), timeout: .seconds(60), redirects: .follow(check: { _ in true }))
            let response = try await CurlTransport().send(request)
            #expect(response.status == 200)
            #expect(response.headers["X-Method"] == "GET")
            #expect(response.headers["Location"] == nil)
        }
    }

    /// 307 and 308 repeat the method and body; 301, 302 and 303 after a POST continue as a GET.
    @Test(arguments: [(307, "POST", "x"), (308, "POST", "x"), (301, "GET", ""), (302, "GET", ""), (303, "GET", "")])
    func followedRedirectsKeepOrDropTheBodyByStatus(status: Int, method: String, body: String) async throws {
        try await withUpstream { base in
            let request = OutboundRequest(
                method: "POST", url: base.appending(path: "redirect/\(status)"), body: Array("x".utf8),
                timeout: .seconds(60), redirects: .follow(check: { _ in true }))
            let response = try await CurlTransport().send(request)
            #expect(response.headers["X-Method"] == method)
            #expect(String(decoding: response.body, as: UTF8.self) == body)
        }
    }

    /// The caller's check sees every hop, and a hop it refuses is never requested.
    @Test func everyHopPassesTheCallersCheck() async throws {
        let handler = UpstreamHandler()
        let seen = Mutex<[String]>([])
        try await withUpstream(handler) { base in
            let request = OutboundRequest(
                url: base.appending(path: "redirect/308"),
                timeout: .seconds(60), redirects: .follow(check: { hop in
                    seen.withLock { $0.append(hop.path) }
                    return hop.path != "/echo"
                }))
            let error = await #expect(throws: TransportError.self) { try await CurlTransport().send(request) }
            guard case .invalidResponse(let reason) = error else {
                Issue.record("expected invalidResponse, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("308 redirect to a destination the caller does not allow"))
            #expect(seen.withLock { $0 } == ["/echo"])
            #expect(handler.echoed.withLock { $0 } == 0)
        }
    }

    @Test func aRedirectLoopEndsAfterTheHopLimit() async throws {
        let handler = UpstreamHandler()
        try await withUpstream(handler) { base in
            // Six connections in a row: a generous timeout, so a loaded machine cannot turn the hop
            // limit's error into a timeout.
            let request = OutboundRequest(
                url: base.appending(path: "loop"), timeout: .seconds(60), redirects: .follow(check: { _ in true }))
            await #expect(throws: TransportError.invalidResponse(reason: "more than 5 redirects")) {
                try await CurlTransport().send(request)
            }
            #expect(handler.looped.withLock { $0 } == RedirectPolicy.maximumRedirects + 1)
        }
    }
}
