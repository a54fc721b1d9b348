import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// An in-process stand-in for publishers' RSS and Atom feeds, at `/feeds/NAME` (see
/// `FakeFeeds.builtInSamples`): real-shaped documents (CDATA, HTML in descriptions, Vietnamese
/// and Japanese text, an Atom feed, hostile markup in a headline), served as a polite publisher
/// does: `ETag` and `Last-Modified` on every 200, and a bodiless 304 when the request's
/// `If-None-Match` (or `If-Modified-Since`) still matches. `/feeds/not-a-feed.xml` answers an HTML
/// page, as a moved feed does. Every request is recorded in `calls`; copies share the log.
public struct FakeFeeds: AsyncHTTPHandler, FakeProvider {
    public let samples: [Sample]
    public let providerState: FakeProviderState

    /// One feed the fake serves.
    public struct Sample: Sendable {
        /// The last path component under `/feeds/` (`vnexpress.rss`).
        public var file: String
        public var contentType: String
        public var body: String

        public init(file: String, contentType: String = "application/rss+xml; charset=utf-8", body: String) {
            self.file = file
            self.contentType = contentType
            self.body = body
        }

        /// A strong validator that changes whenever the body does (FNV-1a of the bytes).
        public var etag: String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in body.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return "\"\(String(hash, radix: 16))\""
        }
    }

    /// When every sample was last modified, as `Last-Modified` says.
    public static let lastModified = "Mon, 30 Nov 2026 22:00:00 GMT"

    public init(samples: [Sample] = FakeFeeds.builtInSamples, latency: Duration = .zero, failure: HTTPStatus? = nil) {
        self.samples = samples
        self.providerState = FakeProviderState(latency: latency, failure: failure)
    }

    /// The paths of the feeds served, `/feeds/FILE`, in the samples' order.
    public var paths: [String] { samples.map { "/feeds/" + $0.file } }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let (call, failure) = await receive(request)
        if let failure { return .text(failure, "\(failure.reason)\n", headers: ["Retry-After": "600"]) }
        return respond(to: call)
    }

    func respond(to call: Call) -> HTTPResponse {
        let file = call.path.hasPrefix("/feeds/") ? String(call.path.dropFirst("/feeds/".count)) : ""
        if file == "not-a-feed.xml" {
            return .text(
                .ok, "<!doctype html><html><head><title>Moved</title></head><body>Our feed moved.</body></html>\n",
                headers: ["Content-Type": "text/html; charset=utf-8"])
        }
        guard let sample = samples.first(where: { $0.file == file }) else {
            return .text(.notFound, "no such feed; the fakes serve \(paths.joined(separator: ", "))\n")
        }
        let validators: HTTPHeaders = ["ETag": sample.etag, "Last-Modified": Self.lastModified, "Cache-Control": "max-age=600"]
        let matches =
            call.headers["If-None-Match"].map { $0 == sample.etag || $0 == "*" }
            ?? call.headers["If-Modified-Since"].map { $0 == Self.lastModified } ?? false
        if matches { return HTTPResponse(status: .notModified, headers: validators) }
        var headers = validators
        headers.add("Content-Type", sample.contentType)
        return HTTPResponse(status: .ok, headers: headers, body: Array(sample.body.utf8))
    }
}
