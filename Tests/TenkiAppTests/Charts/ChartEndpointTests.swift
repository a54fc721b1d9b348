import Foundation
import TenkiBase
import TenkiCharts
import TenkiHTTPServer
import TenkiMetrics
import Testing

@testable import TenkiApp

/// `GET /charts/…png` through the router, in process: no socket, no upstream (the responder
/// records any command, and none may arrive).
@Suite("GET /charts")
struct ChartEndpointTests {
    let responder = RouterTests.RecordingResponder()

    func router(charts: ChartEndpoint?) -> TenkiRouter {
        var router = TenkiRouter(verifier: nil, commands: responder, metrics: MetricsRegistry(), logger: .discarding)
        router.charts = charts
        return router
    }

    static let endpoint = ChartEndpoint(links: ChartLinksTests.links)

    static func path(_ url: String) -> String { String(url.dropFirst("https://tenki.example.com".count)) }

    static var chartPath: String { path(ChartLinksTests.links.url(for: ChartLinksTests.meteogram, name: "forecast")!) }

    func get(_ target: String, headers: HTTPHeaders = [:], charts: ChartEndpoint? = Self.endpoint) async -> HTTPResponse {
        await router(charts: charts).respond(to: HTTPRequest(method: "GET", target: target, headers: headers))
    }

    @Test("a signed URL gets its PNG, cacheable for good, with an ETag")
    func signed() async throws {
        let response = await get(Self.chartPath)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/png")
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        let etag = try #require(response.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.count == 34)
        #expect(Array(response.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(responder.payloads.isEmpty)

        let again = await get(Self.chartPath, headers: ["If-None-Match": etag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty && again.headers["ETag"] == etag)
        #expect(await get(Self.chartPath, headers: ["If-None-Match": "\"other\""]).status == .ok)
    }

    @Test("an unsigned or tampered URL, or any chart while TENKI_PUBLIC_URL is unset, is a 404")
    func refused() async {
        let path = Self.chartPath
        let tampered = String(path.dropLast()) + (path.hasSuffix("0") ? "1" : "0")
        #expect(await get(tampered).status == .notFound)
        #expect(await get(String(path[..<path.range(of: "&sig=")!.lowerBound])).status == .notFound)
        #expect(await get("/charts/forecast.png").status == .notFound)
        #expect(await get(path, charts: nil).status == .notFound)
        let post = await router(charts: Self.endpoint).respond(to: HTTPRequest(method: "POST", target: path))
        #expect(post.status == .methodNotAllowed && post.headers["Allow"] == "GET, HEAD")
    }

    @Test("HEAD is answered as GET: the same status and headers (the server sends no body for HEAD)")
    func head() async {
        let get = await router(charts: Self.endpoint).respond(to: HTTPRequest(method: "GET", target: Self.chartPath))
        let head = await router(charts: Self.endpoint).respond(to: HTTPRequest(method: "HEAD", target: Self.chartPath))
        #expect(head.status == .ok && get.status == .ok)
        #expect(head.headers["ETag"] == get.headers["ETag"] && head.headers["Content-Type"] == "image/png")
    }

    @Test("beyond the global bound on concurrent renders the answer is 503 with Retry-After, and a slot frees again")
    func bounded() async {
        let endpoint = ChartEndpoint(links: ChartLinksTests.links, concurrentRenders: 2)
        #expect(endpoint.renders.acquire() && endpoint.renders.acquire())
        let busy = await get(Self.chartPath, charts: endpoint)
        #expect(busy.status == .serviceUnavailable && busy.headers["Retry-After"] == "1")
        endpoint.renders.release()
        #expect(await get(Self.chartPath, charts: endpoint).status == .ok)
        #expect(endpoint.renders.acquire() && !endpoint.renders.acquire())
    }
}
