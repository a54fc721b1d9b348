import Foundation
import TenkiCore

/// Compares an observation with its expectation. Each difference is one readable line naming
/// what was expected and an excerpt of what came instead.
public enum ExpectationChecker {
    public static func check(_ expect: Expectation, against observed: ReplayObservation) -> [String] {
        var differences: [String] = []
        if let status = expect.status, status != observed.status {
            differences.append("expected status \(status), got \(observed.status) (\(excerpt(String(decoding: observed.body, as: UTF8.self))))")
        }
        if let type = expect.responseType {
            let actual = observed.message.map { $0.responseType?.rawValue ?? "none" } ?? "none"
            if type != actual { differences.append("expected response_type \(type), got \(actual)") }
        }
        let bodyText = String(decoding: observed.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if let body = expect.body, body.trimmingCharacters(in: .whitespacesAndNewlines) != bodyText {
            differences.append("expected the body \"\(body)\", got \(excerpt(bodyText))")
        }
        let reply = ReplayObservation.searchableText(of: observed.body, message: observed.message)
        let shown = observed.message.map(MessageTextRenderer.render) ?? bodyText
        differences += fragments(expect.contains, notContains: expect.notContains, in: reply, shown: shown, what: "the reply")
        if let late = expect.responseURL {
            if observed.deliveries.isEmpty {
                differences.append("expected a delivery to response_url, none arrived")
            } else {
                let messages = observed.deliveries.map { try? JSONDecoder().decode(SlackMessage.self, from: Data($0)) }
                let text = zip(observed.deliveries, messages).map { ReplayObservation.searchableText(of: $0, message: $1) }
                    .joined(separator: "\n")
                let shown = zip(observed.deliveries, messages).map { body, message in
                    message.map(MessageTextRenderer.render) ?? String(decoding: body, as: UTF8.self)
                }.joined(separator: "\n")
                differences += fragments(
                    late.contains, notContains: late.notContains, in: text, shown: shown, what: "the response_url delivery")
                if let type = late.responseType {
                    let types = messages.map { $0?.responseType?.rawValue ?? "none" }
                    if !types.contains(type) {
                        differences.append("expected a response_url delivery of response_type \(type), got \(types.joined(separator: ", "))")
                    }
                }
            }
        }
        if let calls = expect.upstreamCalls, observed.upstreamCallsObserved {
            let actual = observed.upstreamCalls.map(\.path).sorted()
            if calls.sorted() != actual {
                let shown = actual.isEmpty ? "none" : actual.joined(separator: ", ")
                differences.append("expected upstream calls [\(calls.joined(separator: ", "))], got [\(shown)]")
            }
        }
        return differences
    }

    /// - Parameters:
    ///   - text: everything searched (rendering, `text` and raw JSON).
    ///   - shown: what an excerpt quotes: the rendering, which a reader recognises.
    private static func fragments(_ contains: [String]?, notContains: [String]?, in text: String, shown: String, what: String) -> [String] {
        var differences: [String] = []
        for fragment in contains ?? [] where !text.contains(fragment) {
            differences.append("expected \(what) to contain \"\(fragment)\"; it was: \(excerpt(shown))")
        }
        for fragment in notContains ?? [] where text.contains(fragment) {
            differences.append("expected \(what) not to contain \"\(fragment)\"; it was: \(excerpt(text, around: fragment))")
        }
        return differences
    }

    /// The first 160 characters on one line, or the neighbourhood of `fragment`.
    static func excerpt(_ text: String, around fragment: String? = nil) -> String {
        var start = text.startIndex
        if let fragment, let range = text.range(of: fragment) {
            start = text.index(range.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
        }
        let slice = text[start...].prefix(160)
        let line = slice.replacingOccurrences(of: "\n", with: " ⏎ ").trimmingCharacters(in: .whitespaces)
        return "\"" + line + (slice.endIndex < text.endIndex ? "…" : "") + "\""
    }
}
