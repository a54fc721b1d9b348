/// An incremental, strict HTTP/1.1 request parser (RFC 9112) with no I/O.
///
/// Feed it bytes as they arrive with `append(_:)`, then call `nextRequest()` until it returns nil:
/// a read may hold part of a request or several pipelined ones. Bytes are scanned in place in one
/// growing buffer; Strings are made only for the final method, target and header fields.
///
/// Strictness is deliberate: anything two parsers could read differently (bare LF, bare CR,
/// obsolete line folding, duplicate Content-Length, Content-Length with Transfer-Encoding) is a
/// request-smuggling vector, so it is rejected rather than repaired. After an error the parser
/// keeps returning the same error; the server answers once and closes the connection.
public struct HTTPRequestParser: Sendable {
    /// Where the parser is within the current request; the server picks its timeout from this.
    public enum Phase: Sendable, Equatable {
        /// Between requests with nothing buffered: the keep-alive idle timeout applies.
        case idle
        /// Some bytes of a request line or header fields have arrived: the header timeout applies.
        case head
        /// The head is complete and the body is still arriving: the body timeout applies.
        case body
    }

    enum State: Sendable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPParseError)
    }

    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")

    /// Longest chunk-size line (size plus extensions) accepted; extensions are tolerated, not hoarded.
    static let maxChunkLineBytes = 4096

    public let maxHeaderBytes: Int
    public let maxBodyBytes: Int
    /// Stamped onto every request, for logs.
    public var remoteAddress: String

    var buffer: [UInt8] = []
    /// First byte not yet consumed.
    var readIndex = 0
    /// Next byte to examine when looking for a line end, so a head arriving byte by byte is scanned once.
    var scanIndex = 0
    /// Start of the current line while scanning a head or trailers.
    var lineStart = 0
    var state: State = .head
    /// The request whose body is being read.
    var pending: HTTPRequest?
    var body: [UInt8] = []
    var trailerBytes = 0
    /// The head just parsed asked for `100 Continue` before sending its body.
    var continueRequested = false

    public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 64 * 1024, remoteAddress: String = "-") {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.remoteAddress = remoteAddress
    }

    /// Bytes received but not yet consumed by a complete request.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    public var phase: Phase {
        switch state {
        case .head: bufferedByteCount == 0 ? .idle : .head
        case .failed: .head
        default: .body
        }
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, or nil when more bytes are needed.
    public mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        do throws(HTTPParseError) {
            while true {
                switch state {
                case .failed(let error):
                    throw error
                case .head:
                    guard let end = try findLineBlockEnd(limit: maxHeaderBytes, what: "header section") else { return nil }
                    var framing = FramingFields()
                    let request = try parseHead(upTo: end, framing: &framing)
                    readIndex = end
                    if let done = try startBody(for: request, framing: framing) { return done }
                case .fixedBody(let remaining):
                    let left = takeBody(remaining)
                    guard left == 0 else {
                        state = .fixedBody(remaining: left)
                        return nil
                    }
                    return finishRequest()
                case .chunkSize:
                    guard let size = try readChunkSize() else { return nil }
                    if size == 0 {
                        state = .trailers
                        trailerBytes = 0
                        lineStart = readIndex
                    } else {
                        guard size <= maxBodyBytes - body.count else {
                            throw HTTPParseError(.contentTooLarge, "chunked body over \(maxBodyBytes) bytes", head: pending)
                        }
                        state = .chunkData(remaining: size)
                    }
                case .chunkData(let remaining):
                    let left = takeBody(remaining)
                    guard left == 0 else {
                        state = .chunkData(remaining: left)
                        return nil
                    }
                    state = .chunkDataEnd
                case .chunkDataEnd:
                    guard bufferedByteCount >= 2 else { return nil }
                    guard buffer[readIndex] == Self.cr, buffer[readIndex + 1] == Self.lf else {
                        throw HTTPParseError(.malformed, "chunk data not followed by CRLF")
                    }
                    readIndex += 2
                    state = .chunkSize
                case .trailers:
                    let limit = maxHeaderBytes
                    guard let end = try findLineBlockEnd(limit: limit, what: "trailer section", allowEmpty: true) else { return nil }
                    try validateTrailers(upTo: end)
                    readIndex = end
                    return finishRequest()
                }
            }
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// Chooses the body framing for a parsed head; returns the request when it has no body.
    /// Takes the head (`consuming`): it moves into `pending` while its body arrives, not a copy.
    mutating func startBody(for request: consuming HTTPRequest, framing: FramingFields) throws(HTTPParseError) -> HTTPRequest? {
        let expectsContinue = request.version == .http1_1 && framing.expectsContinue
        switch try Self.framing(framing, of: request, maxBodyBytes: maxBodyBytes) {
        case .none:
            state = .head
            return request
        case .contentLength(let length):
            continueRequested = expectsContinue
            pending = request
            body = []
            body.reserveCapacity(length)
            state = .fixedBody(remaining: length)
            return nil
        case .chunked:
            continueRequested = expectsContinue
            pending = request
            body = []
            state = .chunkSize
            scanIndex = readIndex
            return nil
        }
    }

    /// True once after a head with `Expect: 100-continue` whose body has not arrived: the server then
    /// sends `100 Continue` (RFC 9110 §10.1.1) so the client stops waiting. A body over the limit is
    /// an error instead, so such a client gets its 413 without sending the body.
    public mutating func takeContinueRequest() -> Bool {
        defer { continueRequested = false }
        return continueRequested
    }

    /// Moves up to `remaining` buffered bytes into the body; returns how many are still to come.
    mutating func takeBody(_ remaining: Int) -> Int {
        let count = min(remaining, bufferedByteCount)
        body.append(contentsOf: buffer[readIndex..<readIndex + count])
        readIndex += count
        return remaining - count
    }

    mutating func finishRequest() -> HTTPRequest? {
        guard pending != nil else { return nil }
        continueRequested = false  // the body came anyway: an interim answer now would be late
        // The body is swapped into the pending request in place (which leaves the parser the request's
        // empty one) and the request is moved out whole: a binding (`guard var request = pending.take()`)
        // copied every field and dropped the original.
        swap(&pending!.body, &body)
        state = .head
        return pending.take()
    }

    /// Drops consumed bytes so the buffer does not grow across a long keep-alive connection.
    mutating func compact() {
        if readIndex == buffer.count {
            // A burst of pipelined requests can grow the buffer to the loop's read room; an idle
            // keep-alive connection does not keep that much.
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
            readIndex = 0
            scanIndex = 0
            lineStart = 0
        } else if readIndex > 4096, readIndex * 2 > buffer.count {
            buffer.removeFirst(readIndex)
            scanIndex -= readIndex
            lineStart -= readIndex
            readIndex = 0
        }
    }
}
