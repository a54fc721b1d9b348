import TenkiCore
import TenkiHTTPServer
import TenkiSecurity

/// Checks that a command request came from the chat platform: Slack's v0 signature today.
/// Injected through the composition root, so tests can count or replace it.
public protocol CommandRequestVerifier: Sendable {
    func verify(_ request: HTTPRequest) throws(RequestVerificationError)
}

/// Turns a verified command body into a payload. One decoder for every path a command takes.
public protocol CommandDecoder: Sendable {
    func decode(_ body: [UInt8]) throws(CommandDecodingError) -> SlashCommandPayload
}

/// Why a body is not a command: the form encoding or a field.
public struct CommandDecodingError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension SlackRequestVerifier: CommandRequestVerifier {
    /// Slack's signature over the raw body, from every copy of both headers (so a duplicate is seen).
    public func verify(_ request: HTTPRequest) throws(RequestVerificationError) {
        try verify(headersOf: request.headers, body: request.body)
    }
}

/// Slack's (and Mattermost's) `application/x-www-form-urlencoded` command body.
public struct FormCommandDecoder: CommandDecoder {
    public init() {}

    public func decode(_ body: [UInt8]) throws(CommandDecodingError) -> SlashCommandPayload {
        do {
            return try SlashCommandPayload.decoding(formBody: body)
        } catch {
            throw CommandDecodingError(error.description)
        }
    }
}
