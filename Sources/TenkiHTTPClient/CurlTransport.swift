import CTenkiSystem
import Foundation
import Synchronization

/// The live transport: libcurl, loaded on first use (see `tenki_curl.h`), every request of one
/// transport driven by one thread through a multi handle. Connections to a host are kept and
/// reused, at most `maximumConnectionsPerHost` at once (the rest wait their turn), and proxies come
/// from the usual `https_proxy` / `no_proxy` variables, as with curl itself.
///
/// Not URLSession: on Linux that is libcurl underneath, linked into the executable, and it costs
/// every start of `tenki` (even `--help`) about 5 ms of loading curl's libraries.
public final class CurlTransport: HTTPTransport {
    /// The largest response body accepted; a larger one fails as `.invalidResponse`, so that a
    /// misbehaving upstream cannot grow the process without bound.
    public static let maximumResponseBytes = 8 << 20

    private let loop: CurlTransferLoop
    private let connectTimeout: Duration
    private let userAgent: String
    private let resolve: [String]
    private let unavailable: (@Sendable (TransportError) -> Void)?
    private let reportedUnavailable = Atomic<Bool>(false)

    /// - Parameters:
    ///   - resolve: names resolved as given instead of through DNS, in libcurl's CURLOPT_RESOLVE
    ///     form `host:port:address` (tests: a public-looking name that is loopback). The addresses
    ///     are still checked for `publicAddressesOnly`.
    ///   - unavailable: told once, at the first request, when libcurl cannot be loaded (every
    ///     request then fails with the same error): for the operator's log.
    public init(
        maximumConnectionsPerHost: Int = 16, connectTimeout: Duration = .seconds(5), userAgent: String = "tenki",
        resolve: [String] = [], unavailable: (@Sendable (TransportError) -> Void)? = nil
    ) {
        self.loop = CurlTransferLoop(maximumConnectionsPerHost: max(1, maximumConnectionsPerHost))
        self.connectTimeout = connectTimeout
        self.userAgent = userAgent
        self.resolve = resolve
        self.unavailable = unavailable
    }

    deinit {
        loop.stop()
    }

    /// Loads libcurl, once per process (later calls return at once): on the first request, so that
    /// a process that never calls out (a restart answering from the state file, `--help`) neither
    /// waits for curl's libraries nor holds their memory (about 4 MiB). Throws `.connectionFailed`
    /// saying why the library could not be loaded.
    static func loadLibrary() throws(TransportError) {
        if let problem = CurlLibrary.loadError {
            throw .connectionFailed(reason: problem)
        }
    }

    /// libcurl never follows a redirect itself; `RedirectPolicy` decides each hop.
    public func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        do {
            try Self.loadLibrary()
        } catch {
            if let unavailable, !reportedUnavailable.exchange(true, ordering: .relaxed) { unavailable(error) }
            throw error
        }
        return try await RedirectPolicy.send(request) { (hop) async throws(TransportError) in try await sendOnce(hop) }
    }

    private func sendOnce(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        let transfer = try CurlTransfer(
            request, connectTimeout: min(connectTimeout, request.timeout), userAgent: userAgent, resolve: resolve)
        let loop = loop
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            transfer.requestCancellation()
            loop.noticeCancellation()
        }
        return try outcome.get()
    }
}

/// libcurl's load outcome, computed once per process (a `static let` initialises exactly once).
enum CurlLibrary {
    static let loadError: String? = {
        var message = [CChar](repeating: 0, count: 256)
        guard tenki_curl_load(&message, message.count) != 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}

extension Duration {
    /// Whole milliseconds, at least 1 (libcurl reads 0 as "no timeout").
    var curlMilliseconds: Int {
        max(1, Int(clamping: milliseconds))
    }
}
