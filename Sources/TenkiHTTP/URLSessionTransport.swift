import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport: URLSession with a per-request timeout and enough connections per host
/// for concurrent upstream work (Linux's URLSession allows only 6 by default).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(maximumConnectionsPerHost: Int = 16, connectTimeout: Duration = .seconds(5)) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        configuration.timeoutIntervalForRequest = connectTimeout.timeInterval
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        self.session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = request.timeout.timeInterval
        for (name, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        if !request.body.isEmpty {
            urlRequest.httpBody = Data(request.body)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw Self.transportError(for: error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .invalidResponse(reason: "not an HTTP response")
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(String(describing: name), String(describing: value))
        }
        return OutboundResponse(status: http.statusCode, headers: headers, body: Array(data))
    }

    /// Maps URLSession's errors to the few cases callers decide on (retry or not), without the URL.
    static func transportError(for error: any Error) -> TransportError {
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else {
            return .invalidResponse(reason: String(describing: type(of: error)))
        }
        switch urlError.code {
        case .timedOut:
            return .timedOut
        case .cancelled:
            return .cancelled
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
             .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .internationalRoamingOff:
            return .connectionFailed(reason: "URLError \(urlError.code.rawValue)")
        default:
            return .invalidResponse(reason: "URLError \(urlError.code.rawValue)")
        }
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`, for Foundation APIs.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
