import Foundation
import Testing
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

/// The hop rules without a network: what the next request is, and which hops are refused.
@Suite("RedirectPolicy: each hop decided")
struct RedirectPolicyTests {
    let allowAll = RedirectPolicy.follow(check: { _ in true })

    func request(_ url: String, method: String = "GET", redirects: RedirectPolicy) -> OutboundRequest {
        OutboundRequest(
            method: method, url: URL(string: url)!,
            headers: ["Authorization": "Bearer t", "X-Api-Key": "k", "Content-Type": "application/json", "Accept": "*/*"],
            body: method == "POST" ? Array("{}".utf8) : [], redirects: redirects)
    }

    func redirect(_ status: Int, to location: String) -> OutboundResponse {
        OutboundResponse(status: status, headers: ["Location": location])
    }

    @Test func noPolicyMeansTheRedirectIsTheAnswer() throws {
        let next = try RedirectPolicy.nextRequest(
            after: redirect(307, to: "https://evil.example/"), to: request("https://hooks.slack.com/x", redirects: .none))
        #expect(next == nil)
    }

    @Test func credentialsStayOnTheirOrigin() throws {
        let sameHost = try #require(try RedirectPolicy.nextRequest(
            after: redirect(301, to: "/v2/weather"), to: request("https://api.example/v1/weather", redirects: allowAll)))
        #expect(sameHost.url.absoluteString == "https://api.example/v2/weather")
        #expect(sameHost.headers["Authorization"] == "Bearer t")
        let otherHost = try #require(try RedirectPolicy.nextRequest(
            after: redirect(301, to: "https://cdn.example/w"),
            to: request("https://api.example/v1/weather", redirects: allowAll)))
        #expect(otherHost.headers["Authorization"] == nil)
        #expect(otherHost.headers["X-Api-Key"] == nil)
        #expect(otherHost.headers["Accept"] == "*/*")
    }

    @Test func aPostRedirectedBy302ContinuesAsAGetWithoutBody() throws {
        let next = try #require(try RedirectPolicy.nextRequest(
            after: redirect(302, to: "/done"), to: request("https://api.example/post", method: "POST", redirects: allowAll)))
        #expect(next.method == "GET")
        #expect(next.body.isEmpty)
        #expect(next.headers["Content-Type"] == nil)
    }

    @Test(arguments: ["http://api.example/plain", "ftp://api.example/file", "gopher://api.example/", "file:///etc/passwd"])
    func hopsToWeakerOrOtherSchemesAreRefused(location: String) {
        #expect(throws: TransportError.self) {
            try RedirectPolicy.nextRequest(
                after: redirect(302, to: location), to: request("https://api.example/", redirects: allowAll))
        }
    }

    @Test func aRefusedHopNamesNoURL() {
        let refuseAll = RedirectPolicy.follow(check: { _ in false })
        #expect(throws: TransportError.invalidResponse(reason: "HTTP 307 redirect to a destination the caller does not allow")) {
            try RedirectPolicy.nextRequest(
                after: redirect(307, to: "https://evil.example/?key=secret"),
                to: request("https://api.example/", redirects: refuseAll))
        }
    }
}
