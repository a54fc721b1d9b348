import Foundation
import Synchronization
import TenkiBase
import TenkiCharts
import TenkiHTTPServer

/// `GET /charts/NAME.png?QUERY&sig=HEX`: draws the chart a signed URL describes, never calling an
/// upstream. Unsigned, altered or undrawable → 404. The answer never changes for a URL, so it is
/// cacheable for a year (`ETag` from the signature, `If-None-Match` → 304). Drawing is bounded:
/// a fixed picture size and `Meteogram.maximumSamples` bound each render's time and memory, and
/// at most `concurrentRenders` run at once in the whole process (beyond: 503 with `Retry-After`).
struct ChartEndpoint: Sendable {
    static let cacheControl = "public, max-age=31536000, immutable"
    static let defaultConcurrentRenders = 2

    let links: ChartLinks
    let renders: RenderSlots

    init(links: ChartLinks, concurrentRenders: Int = Self.defaultConcurrentRenders) {
        self.links = links
        renders = RenderSlots(limit: concurrentRenders)
    }

    static func isChartPath(_ path: Substring) -> Bool {
        path.hasPrefix(ChartLinks.pathPrefix) && path.hasSuffix(".png") && path.count > ChartLinks.pathPrefix.count + 4
            && !path.dropFirst(ChartLinks.pathPrefix.count).contains("/")
    }

    /// The answer; `render` is called (off the listener's thread by the caller) only for a 200.
    enum Answer: Sendable {
        case now(HTTPResponse)
        case render(Meteogram, headers: HTTPHeaders)
    }

    func answer(_ request: HTTPRequest) -> Answer {
        guard let query = request.query, let meteogram = links.meteogram(fromQuery: query),
            let marker = query.range(of: "&sig=")
        else { return .now(.text(.notFound, "no such chart\n")) }
        let etag = "\"" + query[marker.upperBound...].prefix(32) + "\""
        let headers: HTTPHeaders = ["ETag": etag, "Cache-Control": Self.cacheControl]
        if let match = request.headers["If-None-Match"], Self.matches(match, etag) {
            return .now(HTTPResponse(status: .notModified, headers: headers))
        }
        return .render(meteogram, headers: headers)
    }

    /// The PNG, or 503 when `concurrentRenders` are already drawing.
    func render(_ meteogram: Meteogram, headers: HTTPHeaders) -> HTTPResponse {
        guard renders.acquire() else {
            return .text(.serviceUnavailable, "busy drawing charts, try again\n", headers: ["Retry-After": "1"])
        }
        defer { renders.release() }
        guard let png = try? PNGEncoder.encode(MeteogramRenderer.canvas(meteogram)) else {
            return .text(.internalServerError, "the chart could not be encoded\n")
        }
        var headers = headers
        headers.set("Content-Type", "image/png")
        return HTTPResponse(status: .ok, headers: headers, body: png)
    }

    /// `If-None-Match`: `*` or a list of entity tags, weak ones (`W/"…"`) compared weakly.
    static func matches(_ field: String, _ etag: String) -> Bool {
        field.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    /// A process-wide count of renders under way (the listener's threads and tasks share it).
    final class RenderSlots: Sendable {
        let limit: Int
        private let inUse = Atomic<Int>(0)

        init(limit: Int) { self.limit = limit }

        func acquire() -> Bool {
            var current = inUse.load(ordering: .relaxed)
            while current < limit {
                let (exchanged, original) = inUse.compareExchange(
                    expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
                if exchanged { return true }
                current = original
            }
            return false
        }

        func release() { inUse.subtract(1, ordering: .releasing) }
    }
}
