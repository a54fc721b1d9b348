import Foundation
import TenkiBase

/// One recorded request and what must come back: the replay file format (docs/replay.md).
/// JSON because the toolchain reads it without a dependency; every field but `request` is optional
/// so that a hand-written file stays short.
public struct ReplayFile: Sendable, Codable, Equatable {
    /// What the file shows, printed in the transcript.
    public var description: String?
    /// A `FakeScenario` name for the fake upstreams (default `normal`).
    public var scenario: String?
    /// Overrides the scenario's latency, so a slow case costs a second, not five.
    public var upstreamLatencyMs: Int?
    /// Settings (environment variables) for the in-process listener; an empty value unsets one.
    public var settings: [String: String]?
    public var request: Request
    /// How the request is signed when replayed (default `valid`).
    public var signing: Signing?
    public var expect: Expectation?

    enum CodingKeys: String, CodingKey {
        case description, scenario, settings, request, signing, expect
        case upstreamLatencyMs = "upstream_latency_ms"
    }

    /// The request as Slack sent it, minus secrets: headers, and either form fields or a raw body.
    public struct Request: Sendable, Codable, Equatable {
        /// Default `POST`.
        public var method: String?
        /// Default `/slack/commands`.
        public var path: String?
        /// Signature headers are ignored (the replayer signs afresh); `Content-Type` defaults to a form.
        public var headers: [String: String]?
        /// Form fields, encoded in key order; `response_url` always points at the replayer's sink.
        public var form: [String: String]?
        /// A raw body, sent as is (for malformed or oddly typed requests); wins over `form`.
        public var body: String?
        /// Pads the body with a `padding` field up to this many bytes (the 413 case without a 64 KB file).
        public var padToBytes: Int?

        enum CodingKeys: String, CodingKey {
            case method, path, headers, form, body
            case padToBytes = "pad_to_bytes"
        }
    }

    /// How the replayer signs: as Slack would, not at all, with a timestamp 10 minutes old, or with
    /// a secret the listener does not know.
    public enum Signing: String, Sendable, Codable {
        case valid
        case none
        case stale
        case wrongSecret = "wrong-secret"
        /// Ed25519 with the replayer's Discord test key, whose public half is the in-process
        /// listener's `DISCORD_PUBLIC_KEY`.
        case discord
        /// Ed25519 with a key the listener does not know.
        case discordWrongKey = "discord-wrong-key"
    }

    /// The form placeholder the recorder writes for `response_url`; any value is replaced on replay.
    public static let responseURLPlaceholder = "{response_url}"
}

extension ReplayFile {
    /// Reads a file strictly: besides bad JSON, an unknown key is an error, because a misspelt
    /// `"contians"` would otherwise make a test that checks nothing and always passes.
    public static func decode(_ data: Data) throws(ReplayFileError) -> ReplayFile {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidJSON(FileErrorText.reason(error))
        }
        try checkKeys(object)
        do {
            return try JSONDecoder().decode(ReplayFile.self, from: data)
        } catch let error as DecodingError {
            throw .invalidField(Self.describe(error))
        } catch {
            throw .invalidField(String(describing: error))
        }
    }

    /// Pretty JSON with sorted keys: stable diffs for recorded files.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    static let allowedKeys: [String: Set<String>] = [
        "": ["description", "scenario", "upstream_latency_ms", "settings", "request", "signing", "expect"],
        "request": ["method", "path", "headers", "form", "body", "pad_to_bytes"],
        "expect": ["status", "response_type", "contains", "not_contains", "body", "response_url", "upstream_calls"],
        "expect.response_url": ["contains", "not_contains", "response_type"],
    ]

    private static func checkKeys(_ object: Any, at path: String = "") throws(ReplayFileError) {
        guard let dictionary = object as? [String: Any] else {
            if path.isEmpty { throw .invalidField("the file must hold one JSON object") }
            return
        }
        guard let allowed = allowedKeys[path] else { return }
        for key in dictionary.keys.sorted() {
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            guard allowed.contains(key) else {
                throw .unknownKey(keyPath, allowed: allowed.sorted())
            }
            if let value = dictionary[key] { try checkKeys(value, at: keyPath) }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing \(parent.isEmpty ? "" : parent + ".")\(key.stringValue)"
        @unknown default:
            return String(describing: error)
        }
    }
}

/// Why a replay file could not be read; the failure line names the file.
public enum ReplayFileError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String)
    case invalidJSON(String)
    case invalidField(String)
    case unknownKey(String, allowed: [String])

    public var description: String {
        switch self {
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .invalidJSON(let reason): "not valid JSON: \(reason)"
        case .invalidField(let reason): "invalid replay file: \(reason)"
        case .unknownKey(let key, let allowed): "unknown key \"\(key)\" (allowed here: \(allowed.joined(separator: ", ")))"
        }
    }
}
