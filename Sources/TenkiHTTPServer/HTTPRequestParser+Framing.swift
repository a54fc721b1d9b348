import TenkiBase

/// How a request's body is delimited (RFC 9112 §6.3) and whether it waits for `100 Continue`, from the
/// fields that decide it: noted by their bytes while the head is parsed, so the parsed fields are not
/// searched by name again (that search was a tenth of the parser's work on a signed command).
extension HTTPRequestParser {
    enum Framing: Equatable {
        case none
        case contentLength(Int)
        case chunked
    }

    /// What the head said about its body, field line by field line.
    struct FramingFields {
        /// A Content-Length value read by its bytes.
        enum ContentLength {
            /// 1 to 15 digits.
            case length(Int)
            /// Digits only, but more than 15 of them.
            case tooLong
            /// Empty, or not digits only.
            case invalid
        }

        var contentLengthCount = 0
        /// The last Content-Length value; nil when there was none.
        var contentLength: ContentLength?
        var transferEncodingCount = 0
        /// `Expect: 100-continue` (any case) was among the fields.
        var expectsContinue = false

        /// Notes one field, given its name and its value without surrounding whitespace.
        mutating func note(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
            switch name.count {
            case 14 where Self.matches(name, "content-length"):
                contentLengthCount += 1
                contentLength = Self.contentLength(value)
            case 17 where Self.matches(name, "transfer-encoding"):
                transferEncodingCount += 1
            case 6 where Self.matches(name, "expect"):
                if Self.matches(value, "100-continue") { expectsContinue = true }
            default:
                break
            }
        }

        private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
            lowercase.withUTF8Buffer { ASCIICase.equal(bytes, $0) }
        }

        /// `1*DIGIT` (RFC 9110 §8.6), as a number when it has at most 15 digits.
        private static func contentLength(_ bytes: UnsafeBufferPointer<UInt8>) -> ContentLength {
            guard !bytes.isEmpty, bytes.allSatisfy(HTTPRequestParser.isDigit) else { return .invalid }
            guard bytes.count <= 15 else { return .tooLong }
            return .length(bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
    }

    /// The framing `fields` give `request`, refusing every ambiguous combination.
    static func framing(_ fields: FramingFields, of request: HTTPRequest, maxBodyBytes: Int) throws(HTTPParseError) -> Framing {
        if fields.transferEncodingCount == 0 {
            guard fields.contentLengthCount <= 1 else { throw HTTPParseError(.malformed, "more than one Content-Length") }
            switch fields.contentLength {
            case nil: return .none
            case .invalid: throw HTTPParseError(.malformed, "invalid Content-Length")
            case .tooLong: throw HTTPParseError(.contentTooLarge, "body over \(maxBodyBytes) bytes", head: request)
            case .length(let length):
                guard length <= maxBodyBytes else {
                    throw HTTPParseError(.contentTooLarge, "body over \(maxBodyBytes) bytes", head: request)
                }
                return length == 0 ? .none : .contentLength(length)
            }
        }
        guard fields.contentLengthCount == 0 else {
            throw HTTPParseError(.malformed, "both Content-Length and Transfer-Encoding")
        }
        guard request.version == .http1_1 else {
            throw HTTPParseError(.malformed, "Transfer-Encoding in an HTTP/1.0 request")
        }
        let codings = request.headers.values(for: "Transfer-Encoding").joined(separator: ",")
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpacesAndTabs() }
        if codings.count == 1, codings[0].equalsIgnoringASCIICase("chunked") { return .chunked }
        let chunkedCount = codings.filter { $0.equalsIgnoringASCIICase("chunked") }.count
        if let last = codings.last, last.equalsIgnoringASCIICase("chunked"), chunkedCount == 1,
           codings.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isTokenByte) }) {
            throw HTTPParseError(.unsupportedTransferCoding, "only the chunked transfer coding is supported")
        }
        throw HTTPParseError(.malformed, "invalid Transfer-Encoding")
    }
}

extension StringProtocol {
    /// Without optional whitespace (RFC 9110 OWS: spaces and tabs) at either end.
    func trimmingSpacesAndTabs() -> Substring {
        let string = Substring(self)
        let start = string.firstIndex { $0 != " " && $0 != "\t" } ?? string.endIndex
        let end = string.lastIndex { $0 != " " && $0 != "\t" }.map { string.index(after: $0) } ?? start
        return string[start..<Swift.max(start, end)]
    }
}
