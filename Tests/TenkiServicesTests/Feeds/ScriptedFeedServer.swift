import Foundation
import Synchronization
import TenkiBase
import TenkiHTTPClient

/// An in-process feed server for the feed client's tests: answers by URL from a script the test
/// writes, records every request, follows redirects as the live transport does (`RedirectPolicy`),
/// and can hold one URL's answer until the test opens its gate.
final class ScriptedFeedServer: HTTPTransport {
    typealias Answer = @Sendable (OutboundRequest) -> OutboundResponse

    private struct State {
        var answers: [String: Answer] = [:]
        var requests: [OutboundRequest] = []
        var gates: [String: AsyncSignal] = [:]
    }
    private let state = Mutex(State())

    func answer(_ url: String, _ answer: @escaping Answer) {
        state.withLock { $0.answers[url] = answer }
    }

    /// Holds requests to `url` until `signal()` is called on the returned gate.
    func hold(_ url: String) -> AsyncSignal {
        let gate = AsyncSignal()
        state.withLock { $0.gates[url] = gate }
        return gate
    }

    var requests: [OutboundRequest] { state.withLock { $0.requests } }

    func requests(to url: String) -> [OutboundRequest] { requests.filter { $0.url.absoluteString == url } }

    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        try await RedirectPolicy.send(request) { (hop) async throws(TransportError) -> OutboundResponse in
            let url = hop.url.absoluteString
            let (answer, gate) = state.withLock { state in
                state.requests.append(hop)
                return (state.answers[url], state.gates[url])
            }
            if let gate { await gate.wait() }
            guard let answer else { throw .connectionFailed(reason: "no such host in the script") }
            return answer(hop)
        }
    }
}

/// A small, real-shaped RSS 2.0 document with `count` items, newest first, titled `prefix 1…`.
func sampleRSS(_ prefix: String, count: Int = 2, ttl: Int? = nil) -> [UInt8] {
    var items = ""
    for index in 1...count {
        items += """
            <item><title><![CDATA[\(prefix) \(index)]]></title><link>https://\(prefix.lowercased()).example/\(index)</link>
            <pubDate>Tue, 01 Dec 2026 0\(index):00:00 +0000</pubDate><description>About \(prefix) &amp; more</description></item>

            """
    }
    let ttlElement = ttl.map { "<ttl>\($0)</ttl>" } ?? ""
    return Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>\(prefix)</title><link>https://\(prefix.lowercased()).example/</link>\(ttlElement)
        \(items)</channel></rss>
        """.utf8)
}
