import Foundation
import TenkiCore

/// What one replay produced, as the checker and the transcript read it.
public struct ReplayObservation: Sendable {
    public var status: Int
    public var body: [UInt8]
    /// The reply decoded as a Slack message, when it is one.
    public var message: SlackMessage?
    /// Paths the fake upstreams were called at (empty with `--target`, where they are not ours).
    public var upstreamCalls: [UpstreamCall]
    /// Whether `upstreamCalls` means anything (false with `--target`).
    public var upstreamCallsObserved: Bool
    /// Bodies posted to the sink at this file's `response_url`.
    public var deliveries: [[UInt8]]

    public struct UpstreamCall: Sendable, Equatable {
        public var method: String
        public var path: String
        /// Query items worth reading in a transcript (the API key left out).
        public var query: [(name: String, value: String)]

        public static func == (lhs: UpstreamCall, rhs: UpstreamCall) -> Bool {
            lhs.method == rhs.method && lhs.path == rhs.path && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
        }
    }

    /// Everything a `contains` fragment may match in `body` (see `Expectation.contains`).
    static func searchableText(of body: [UInt8], message: SlackMessage?) -> String {
        let raw = String(decoding: body, as: UTF8.self)
        guard let message else { return raw }
        return MessageTextRenderer.render(message) + "\n" + message.text + "\n" + raw
    }
}
