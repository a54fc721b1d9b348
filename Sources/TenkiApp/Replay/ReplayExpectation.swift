import Foundation
import TenkiCore

/// The `expect` section of a replay file: what the reply, the `response_url` and the fake
/// upstreams must have seen. Absent fields are not checked.
public struct Expectation: Sendable, Codable, Equatable {
    public var status: Int?
    /// `in_channel`, `ephemeral`, or `none` for a reply that is not a message (401, an empty 200).
    public var responseType: String?
    /// Fragments that must appear in the reply: its terminal rendering, its `text` or its raw JSON
    /// (so `"type":"header"` checks a block).
    public var contains: [String]?
    public var notContains: [String]?
    /// The whole body, exactly (surrounding whitespace ignored): for replies that are not messages,
    /// such as ssl_check's empty 200.
    public var body: String?
    /// What must arrive at `response_url`; when present, the replayer waits for a delivery.
    public var responseURL: ResponseURLExpectation?
    /// Paths the fake upstreams must have been called at, in any order, each as often as listed;
    /// `[]` means no upstream call at all.
    public var upstreamCalls: [String]?

    enum CodingKeys: String, CodingKey {
        case status, contains, body
        case responseType = "response_type"
        case notContains = "not_contains"
        case responseURL = "response_url"
        case upstreamCalls = "upstream_calls"
    }

    /// The late answer: at least one delivery, and fragments that must appear in the delivered messages.
    public struct ResponseURLExpectation: Sendable, Codable, Equatable {
        public var contains: [String]?
        public var notContains: [String]?
        public var responseType: String?

        enum CodingKeys: String, CodingKey {
            case contains
            case notContains = "not_contains"
            case responseType = "response_type"
        }
    }
}
