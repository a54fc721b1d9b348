import CTenkiSystem
import Foundation
import Synchronization
import TenkiBase

/// One request on its way through libcurl: the configured handle, and the response as it arrives.
///
/// `@unchecked Sendable`: the requesting task sets `continuation` before it hands the transfer to
/// the loop (through the loop's lock); from then on only the loop thread touches the response
/// fields, and `isCancelled` is behind its own lock.
final class CurlTransfer: @unchecked Sendable {
    /// The C side (`tenki_curl_transfer`: libcurl's easy handle and the header list it owns);
    /// also the key under which the loop finds this transfer when libcurl reports it done.
    let native: OpaquePointer
    var continuation: CheckedContinuation<Result<OutboundResponse, TransportError>, Never>?
    private var headers = HTTPHeaders()
    private var body: [UInt8] = []
    private var bodyTooLarge = false
    private let cancelled = Mutex(false)

    init(_ request: OutboundRequest, connectTimeout: Duration, userAgent: String, resolve: [String] = []) throws(TransportError) {
        // A line break inside a header would let a value smuggle in headers of its own: each CR and LF
        // byte becomes a space (bytes, not Characters, for which "\r\n" is one).
        var lines = request.headers.map { name, value in
            String(decoding: "\(name): \(value)".utf8.map { $0 == 0x0D || $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self)
        }
        // Bodies go whole, without `Expect: 100-continue`: libcurl adds it to bodies over 1 KiB and
        // then waits for a `100 Continue` (a round trip, or a whole second from an HTTP/1.0 receiver
        // that never sends one). "Expect:" with no value tells libcurl to leave it out.
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        var cLines = lines.map { strdup($0) }
        defer { cLines.forEach { free($0) } }
        let created: OpaquePointer? = cLines.withUnsafeMutableBufferPointer { lineBuffer in
            lineBuffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { constLines in
                request.body.withUnsafeBufferPointer { bodyBuffer in
                    tenki_curl_transfer_new(
                        request.method, request.url.absoluteString, constLines.baseAddress, constLines.count,
                        bodyBuffer.baseAddress, bodyBuffer.count, request.timeout.curlMilliseconds,
                        connectTimeout.curlMilliseconds, userAgent, receiveBody, receiveHeader)
                }
            }
        }
        guard let created else {
            throw .invalidResponse(reason: "libcurl refused the request (method \(request.method))")
        }
        native = created
        tenki_curl_transfer_set_context(native, Unmanaged.passUnretained(self).toOpaque())
        for entry in resolve where tenki_curl_transfer_resolve(native, entry) != 0 {
            throw .invalidResponse(reason: "libcurl refused a resolve entry")
        }
        if request.publicAddressesOnly, tenki_curl_transfer_check_addresses(native, Self.publicOnly) != 0 {
            throw .invalidResponse(reason: "libcurl refused the address check")
        }
    }

    /// The address rule for `publicAddressesOnly`, called by libcurl with each resolved address.
    static let publicOnly: tenki_address_check = { bytes, length in
        guard let bytes, let address = IPAddress(bytes: Array(UnsafeBufferPointer(start: bytes, count: length))) else {
            return 0
        }
        return address.isPublic ? 1 : 0
    }

    deinit {
        tenki_curl_transfer_free(native)
    }

    var isCancelled: Bool { cancelled.withLock { $0 } }

    /// Called from the requesting task's cancellation handler, on any thread.
    func requestCancellation() {
        cancelled.withLock { $0 = true }
    }

    /// Hands the outcome to the waiting task, once. Loop thread only.
    func finish(_ outcome: Result<OutboundResponse, TransportError>) {
        continuation?.resume(returning: outcome)
        continuation = nil
    }

    /// The outcome of a transfer libcurl reports done with `result`. Loop thread only.
    func outcome(result: Int32) -> Result<OutboundResponse, TransportError> {
        switch tenki_curl_classify(result) {
        case TENKI_CURL_OK:
            let status = tenki_curl_transfer_status(native)
            guard status >= 100 else { return .failure(.invalidResponse(reason: "no HTTP status line")) }
            return .success(OutboundResponse(status: status, headers: headers, body: body))
        case TENKI_CURL_TIMED_OUT:
            return .failure(.timedOut)
        case TENKI_CURL_CONNECTION_FAILED:
            if tenki_curl_transfer_was_refused(native) != 0 {
                return .failure(.connectionFailed(reason: TransportError.addressRefusedReason))
            }
            return .failure(.connectionFailed(reason: String(cString: tenki_curl_describe(result))))
        default:
            if bodyTooLarge {
                return .failure(.invalidResponse(reason: "response larger than \(CurlTransport.maximumResponseBytes) bytes"))
            }
            return .failure(.invalidResponse(reason: String(cString: tenki_curl_describe(result))))
        }
    }

    fileprivate func append(body piece: UnsafeRawBufferPointer) -> Bool {
        guard body.count + piece.count <= CurlTransport.maximumResponseBytes else {
            bodyTooLarge = true
            return false
        }
        body.append(contentsOf: piece)
        return true
    }

    /// One header line as libcurl delivers it ("Name: value\r\n"). A status line starts a new
    /// response (after a `100 Continue` or a proxy's CONNECT answer), so the headers collected so far are dropped.
    fileprivate func append(headerLine line: UnsafeRawBufferPointer) {
        if line.starts(with: "HTTP/".utf8) {
            headers = HTTPHeaders()
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = Self.trimmed(line[..<colon])
        guard !name.isEmpty else { return }
        headers.add(String(decoding: name, as: UTF8.self), String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self))
    }

    /// `bytes` without the spaces, tabs, CRs and LFs around them.
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }
}

/// libcurl's body callback: the context is the `CurlTransfer`, kept alive by the loop while
/// libcurl holds its handle. Returning less than `size * count` makes libcurl stop with a write error.
private let receiveBody: tenki_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.append(body: UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}

private let receiveHeader: tenki_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        .append(headerLine: UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}
