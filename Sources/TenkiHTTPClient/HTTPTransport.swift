import Foundation
import TenkiBase

/// An outgoing HTTP request, as API clients and the delivery queue describe it.
public struct OutboundRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The whole exchange must finish within this time, or the transport throws `.timedOut`.
    public var timeout: Duration
    /// Whether a 3xx is followed; by default it is the response (see `RedirectPolicy`).
    public var redirects: RedirectPolicy
    /// Whether every address the host resolves to (on every hop) must be public
    /// (`IPAddress.isPublic`): a transport refuses any other before connecting, so that a name or
    /// a redirect pointing at a private address reaches nothing.
    public var publicAddressesOnly: Bool

    public init(
        method: String = "GET", url: URL, headers: HTTPHeaders = [:], body: [UInt8] = [], timeout: Duration = .seconds(10),
        redirects: RedirectPolicy = .none, publicAddressesOnly: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.redirects = redirects
        self.publicAddressesOnly = publicAddressesOnly
    }
}

/// The answer to an `OutboundRequest`: any status, including 4xx and 5xx, is a response, not an error.
public struct OutboundResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why no response arrived. Carries no URL: URLs may hold keys or webhook secrets.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer within the request's timeout.
    case timedOut
    /// The connection could not be made (refused, unreachable, DNS, TLS).
    case connectionFailed(reason: String)
    /// The connection broke or the peer sent something that is not HTTP.
    case invalidResponse(reason: String)
    case cancelled

    /// The `.connectionFailed` reason when `OutboundRequest.publicAddressesOnly` refused every
    /// address the host resolved to: no socket was opened.
    public static let addressRefusedReason = "refused before connecting: the host is a private or loopback address"

    /// Whether this is the refusal of `publicAddressesOnly`.
    public var isAddressRefusal: Bool { self == .connectionFailed(reason: Self.addressRefusedReason) }

    public var description: String {
        switch self {
        case .timedOut: "timed out"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .invalidResponse(let reason): "invalid response: \(reason)"
        case .cancelled: "cancelled"
        }
    }
}

/// All outbound HTTP goes through this one protocol, so every client runs in tests against a fake.
/// A transport follows redirects only as the request's `redirects` policy says.
public protocol HTTPTransport: Sendable {
    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse
}
