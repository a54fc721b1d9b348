import Foundation
import TenkiFakes
import TenkiMetrics
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// `serve`'s start-up check of its own `/charts` at `TENKI_PUBLIC_URL` (in process: the router
/// behind a handler transport, no socket).
@Suite("charts reachable at TENKI_PUBLIC_URL")
struct ChartReachabilityTests {
    func router(charts: ChartEndpoint?) -> TenkiRouter {
        var router = TenkiRouter(
            verifier: nil, commands: RouterTests.RecordingResponder(), metrics: MetricsRegistry(), logger: .discarding)
        router.charts = charts
        return router
    }

    @Test("a listener that draws the probe is fine; one without charts, or none at all, is a problem")
    func probe() async {
        let links = ChartLinksTests.links
        let serving = HandlerTransport(router(charts: ChartEndpoint(links: links)))
        #expect(await ChartReachability.problem(links: links, transport: serving) == nil)
        let notServing = HandlerTransport(router(charts: nil))
        #expect(await ChartReachability.problem(links: links, transport: notServing) == "HTTP 404")
        #expect(await ChartReachability.problem(links: links, transport: FailingTransport(error: .connectionFailed(reason: "refused"))) != nil)
        let otherSecret = HandlerTransport(router(charts: ChartEndpoint(links: ChartLinks(publicURL: links.publicURL, secrets: ["x"]))))
        #expect(await ChartReachability.problem(links: links, transport: otherSecret) == "HTTP 404")
    }
}
