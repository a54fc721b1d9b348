import TenkiBase

/// A platform's check that a request is signed by it and fresh: its timestamp header's values,
/// its signature header's values and the raw body in; nothing out, or why not. Slack's v0 HMAC
/// and Discord's Ed25519 are the two kinds: both headers are read the same way, and each checks
/// its signature its own way.
package protocol SignedRequestVerifier: Sendable {
    /// The headers the timestamp and the signature come in.
    static var timestampHeader: RequestVerificationError.Header { get }
    static var signatureHeader: RequestVerificationError.Header { get }

    /// Returns when `headers` are fresh and sign `body`; throws why not.
    func verify(_ headers: SignedRequestHeaders, body: [UInt8]) throws(RequestVerificationError)
}

extension SignedRequestVerifier {
    /// Returns normally when the request is authentic and fresh; throws why not otherwise.
    ///
    /// - Parameters:
    ///   - timestampHeaderValues: every value of the timestamp header, so duplicates are visible.
    ///   - signatureHeaderValues: every value of the signature header.
    ///   - body: the body exactly as received, before any decoding.
    package func verify(
        timestampHeaderValues: [String], signatureHeaderValues: [String], body: [UInt8]
    ) throws(RequestVerificationError) {
        let headers = try SignedRequestHeaders(
            timestamp: timestampHeaderValues, Self.timestampHeader, signature: signatureHeaderValues, Self.signatureHeader)
        try verify(headers, body: body)
    }

    /// The same, with both headers read from a request's fields, each in one pass without
    /// collecting its values (this runs for every signed request).
    package func verify(headersOf fields: HTTPHeaders, body: [UInt8]) throws(RequestVerificationError) {
        let headers = try SignedRequestHeaders(
            timestamp: fields.occurrences(of: Self.timestampHeader.rawValue), Self.timestampHeader,
            signature: fields.occurrences(of: Self.signatureHeader.rawValue), Self.signatureHeader)
        try verify(headers, body: body)
    }
}
