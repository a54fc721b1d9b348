import TenkiBase

/// A failure at start that may pass by itself (a full disk, an I/O error, a file another process
/// holds locked, a permission being fixed): `tenki` prints it in one line and exits 75, so that
/// supervisors restart it, unlike a configuration error (78) which fails the same way every time.
public struct TemporaryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// The one line printed; URLs in it lose their credential parts, whoever wrote the message.
    public var description: String { CredentialRedaction.redactingURLs(in: "temporary failure: \(message)") }
}
