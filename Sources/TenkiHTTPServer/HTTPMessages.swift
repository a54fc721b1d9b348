import TenkiBase

/// A request as the server parsed it. The body is complete (decoded when it was chunked).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The request target as sent: path plus optional `?query`.
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The peer's address as text (`127.0.0.1:53412`), for logs.
    public var remoteAddress: String

    public init(
        method: String, target: String, version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:], body: [UInt8] = [], remoteAddress: String = "-"
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The target without its query string.
    /// (Searched as UTF-8 bytes, not Characters: `?` is ASCII, so its index is a valid String index,
    /// and a Character search costs a few per cent of every request.)
    public var path: Substring { Self.path(of: target) }

    /// The query string after `?`, if any.
    public var query: Substring? {
        guard let mark = Self.queryMark(in: target) else { return nil }
        return target[target.utf8.index(after: mark)...]
    }

    /// The part of a request target before its `?`.
    static func path(of target: String) -> Substring {
        if let mark = queryMark(in: target) { return target[..<mark] }
        return target[...]
    }

    /// Where `?` is, found in the target's contiguous UTF-8 (a `UTF8View` iterator costs tens of
    /// instructions per byte, on every request).
    private static func queryMark(in target: String) -> String.Index? {
        var target = target
        let offset = target.withUTF8 { $0.firstIndex(of: UInt8(ascii: "?")) }
        return offset.map { target.utf8.index(target.utf8.startIndex, offsetBy: $0) }
    }
}

public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    public var description: String { "HTTP/\(major).\(minor)" }
}

/// A response to write. The server adds `Content-Length`, `Date` and `Connection` itself.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response, the usual shape of an error with a reason.
    public static func text(_ status: HTTPStatus, _ text: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var all = headers
        all.set("Content-Type", "text/plain; charset=utf-8")
        return HTTPResponse(status: status, headers: all, body: Array(text.utf8))
    }

    /// An `application/json; charset=utf-8` response.
    public static func json(_ status: HTTPStatus = .ok, _ body: [UInt8], headers: HTTPHeaders = [:]) -> HTTPResponse {
        var all = headers
        all.set("Content-Type", "application/json; charset=utf-8")
        return HTTPResponse(status: status, headers: all, body: body)
    }
}

public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    public var code: Int
    public var reason: String

    /// `code` with `reason`, or else with the reason phrase of a status listed below (`Status` for
    /// one that is not).
    public init(code: Int, reason: String? = nil) {
        self.code = code
        self.reason = reason ?? Self.listed.first { $0.code == code }?.reason ?? "Status"
    }

    public var description: String { "\(code) \(reason)" }

    public static let ok = HTTPStatus(code: 200, reason: "OK")
    public static let noContent = HTTPStatus(code: 204, reason: "No Content")
    public static let found = HTTPStatus(code: 302, reason: "Found")
    public static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    public static let unauthorized = HTTPStatus(code: 401, reason: "Unauthorized")
    public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    public static let gone = HTTPStatus(code: 410, reason: "Gone")
    public static let contentTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    public static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
    public static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    public static let notImplemented = HTTPStatus(code: 501, reason: "Not Implemented")
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
    public static let httpVersionNotSupported = HTTPStatus(code: 505, reason: "HTTP Version Not Supported")

    private static let listed: [HTTPStatus] = [
        .ok, .noContent, .found, .notModified, .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed,
        .requestTimeout, .gone, .contentTooLarge, .unsupportedMediaType, .tooManyRequests, .requestHeaderFieldsTooLarge,
        .internalServerError, .notImplemented, .serviceUnavailable, .httpVersionNotSupported,
    ]
}

/// How a handler answers one request: now, on the connection's own thread, or later, in a task.
public enum HTTPHandling: Sendable {
    /// The answer is ready (health checks, rejections, stored replies): written without a task.
    case respond(HTTPResponse)
    /// The answer needs to wait (upstream calls, the state file): the server runs this in its own
    /// task, so one slow request never holds up another. What the handler learned while deciding
    /// (a verified, decoded command) is captured by the closure, never worked out twice.
    case later(@Sendable () async -> HTTPResponse)
}

/// What the server calls for each complete request. Knows nothing of sockets.
public protocol HTTPHandler: Sendable {
    /// Decides how to answer `request`; called on the connection's thread, so it must not block.
    /// The request is the handler's (`consuming`): one kept for later is moved there, not copied.
    func route(_ request: consuming HTTPRequest) -> HTTPHandling

    /// Called on the connection's thread when the body will not be read because it is over the
    /// limit, with the head and an empty body. The contract ranks routing before the body check, so
    /// return the routing answer (404, 405) here, or nil to let the server answer 413. Either way
    /// the connection is closed afterwards. The default returns nil.
    func answerWithoutBody(_ head: HTTPRequest) -> HTTPResponse?

    /// Called on the connection's thread when a head asks for `100 Continue` (RFC 9110 §10.1.1),
    /// with an empty body: return the answer the request gets whatever its body (404, 405, or a
    /// refusal the head alone decides), and it is sent instead of `100 Continue`, then the
    /// connection is closed; nil invites the body. The default is `answerWithoutBody`.
    func answerBeforeContinue(_ head: HTTPRequest) -> HTTPResponse?
}

extension HTTPHandler {
    public func answerWithoutBody(_ head: HTTPRequest) -> HTTPResponse? { nil }

    public func answerBeforeContinue(_ head: HTTPRequest) -> HTTPResponse? { answerWithoutBody(head) }

    /// The answer, whichever way `route` gives it (in-process transports and tests).
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        switch route(request) {
        case .respond(let response): response
        case .later(let work): await work()
        }
    }

    /// The answer if `route` has it without waiting, else nil (tests of what is answered on the loop).
    public func handleInline(_ request: HTTPRequest) -> HTTPResponse? {
        if case .respond(let response) = route(request) { return response }
        return nil
    }
}

/// A handler whose every answer waits: fakes and test servers implement `handle` only.
public protocol AsyncHTTPHandler: HTTPHandler {
    func handle(_ request: HTTPRequest) async -> HTTPResponse
}

extension AsyncHTTPHandler {
    public func route(_ request: HTTPRequest) -> HTTPHandling {
        .later { await self.handle(request) }
    }
}

/// A handler made of a closure, for tests and small tools.
public struct ClosureHTTPHandler: AsyncHTTPHandler {
    let body: @Sendable (HTTPRequest) async -> HTTPResponse

    public init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.body = body
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await body(request)
    }
}
