import TenkiSecurity

/// A verifier suite's known-good request: each test changes one of its parts (a header's values,
/// the body) and checks what the verifier makes of it.
struct SignedSample {
    let timestamp: String
    let signature: String
    let body: [UInt8]

    func verify(
        _ verifier: some SignedRequestVerifier, timestamps: [String]? = nil, signatures: [String]? = nil, body: [UInt8]? = nil
    ) throws(RequestVerificationError) {
        try verifier.verify(
            timestampHeaderValues: timestamps ?? [timestamp], signatureHeaderValues: signatures ?? [signature],
            body: body ?? self.body)
    }
}
