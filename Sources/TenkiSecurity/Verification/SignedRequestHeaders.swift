import Foundation

/// The two headers of a signed request (Slack's, Discord's), each sent exactly once, with the
/// timestamp read as a number; in the contract's order: both headers present, then the timestamp's form.
package struct SignedRequestHeaders {
    package let timestampText: String
    package let timestamp: Int64
    package let signatureText: String

    init(
        timestamp timestampValues: [String], _ timestampHeader: RequestVerificationError.Header,
        signature signatureValues: [String], _ signatureHeader: RequestVerificationError.Header
    ) throws(RequestVerificationError) {
        try self.init(
            timestamp: (timestampValues.first, timestampValues.count), timestampHeader,
            signature: (signatureValues.first, signatureValues.count), signatureHeader)
    }

    /// From each header's first value and number of copies (`HTTPHeaders.occurrences(of:)`).
    init(
        timestamp timestampOccurrences: (first: String?, count: Int), _ timestampHeader: RequestVerificationError.Header,
        signature signatureOccurrences: (first: String?, count: Int), _ signatureHeader: RequestVerificationError.Header
    ) throws(RequestVerificationError) {
        timestampText = try timestampHeader.single(timestampOccurrences)
        signatureText = try signatureHeader.single(signatureOccurrences)
        guard let timestamp = RequestTimestampWindow.parse(timestampText) else { throw .malformedTimestamp(timestampHeader) }
        self.timestamp = timestamp
    }
}

extension RequestTimestampWindow {
    /// Returns when `timestamp` is within the window around `now`; throws the stale or future
    /// error naming `header` otherwise.
    func require(_ timestamp: Int64, now: TimeInterval, header: RequestVerificationError.Header) throws(RequestVerificationError) {
        switch check(timestamp, now: now) {
        case .fresh: break
        case .stale(let skew): throw .staleTimestamp(header, skewSeconds: skew)
        case .future(let skew): throw .futureTimestamp(header, skewSeconds: skew)
        }
    }
}
