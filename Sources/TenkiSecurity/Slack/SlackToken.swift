import Foundation
import TenkiCore

/// What every Slack token (bot, app-level, refresh) shares: a value read only to build a request, and a
/// description that hides it, so printing a configuration or an error that holds one reveals nothing.
public protocol SlackToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token itself; read it only to build the request that carries it.
    var value: String { get }
}

extension SlackToken {
    /// The `Authorization` header's value.
    public var authorization: String { "Bearer \(value)" }

    /// `SlackBotToken(redacted)`: the type's name, never the value.
    public var description: String { "\(Self.self)(redacted)" }
    public var debugDescription: String { description }

    /// `value` without the white space around it (a token pasted into a file often ends in a
    /// newline); nil when nothing is left.
    static func trimmed(_ value: String) -> String? {
        let trimmed = value.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}
