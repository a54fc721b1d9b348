import Foundation
import TenkiCore

/// A replay as a reader wants to see it: the request, the upstream calls it caused, the reply
/// rendered for a terminal, what reached `response_url`, and the verdict with every difference.
public enum ReplayTranscript {
    /// - Parameter links: adds a Block Kit Builder link under every message of a Slack request (the demo does).
    public static func render(_ result: ReplayResult, links: Bool = false) -> String {
        let links = links && result.file?.isForSlack ?? true
        var lines: [String] = []
        let title = result.file?.description.map { "\(result.name): \($0)" } ?? result.name
        lines.append("── \(title)")
        if let file = result.file {
            var context: [String] = []
            if let scenario = file.scenario { context.append("scenario \(scenario)") }
            if let latency = file.upstreamLatencyMs { context.append("upstream latency \(latency) ms") }
            for (name, value) in (file.settings ?? [:]).sorted(by: { $0.key < $1.key }) { context.append("\(name)=\(value)") }
            lines.append("→ \(file.requestSummary)" + (context.isEmpty ? "" : "   [\(context.joined(separator: ", "))]"))
        }
        if let observed = result.observation {
            if observed.upstreamCallsObserved {
                if observed.upstreamCalls.isEmpty { lines.append("  upstream: no calls") }
                for call in observed.upstreamCalls {
                    let query = call.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
                    lines.append("  upstream: \(call.method) \(call.path)" + (query.isEmpty ? "" : "?\(query)"))
                }
            }
            let visibility = observed.message.map { " [\($0.responseType?.rawValue ?? "no response_type")]" } ?? ""
            lines.append("← HTTP \(observed.status)\(visibility)")
            lines += message(observed.message, body: observed.body, links: links)
            for (index, delivery) in observed.deliveries.enumerated() {
                let late = try? JSONDecoder().decode(SlackMessage.self, from: Data(delivery))
                let visibility = late.map { " [\($0.responseType?.rawValue ?? "no response_type")]" } ?? ""
                lines.append("⇢ response_url delivery \(index + 1)\(visibility)")
                lines += message(late, body: delivery, links: links)
            }
        }
        for note in result.notes { lines.append("  note: \(note)") }
        if let reason = result.skipped {
            lines.append("– skipped: \(reason)")
        } else if result.passed {
            lines.append(result.file?.expect == nil ? "✓ replayed (no expectations)" : "✓ as expected")
        } else {
            lines += result.failureLines
        }
        // Everything in a transcript may come from outside (a recorded command's text, an upstream
        // query, a target's body): control characters are shown, never sent to the terminal.
        return MessageTextRenderer.visibleControls(lines.joined(separator: "\n") + "\n")
    }

    /// `3 of 40 failed` (or `0 of 40 failed`), the line scripts and people look for; files that were
    /// skipped count apart: `0 of 25 failed, 15 skipped`.
    public static func summary(_ results: [ReplayResult]) -> String {
        let skipped = results.filter { $0.skipped != nil }.count
        let failed = "\(results.filter { !$0.passed }.count) of \(results.count - skipped) failed"
        return skipped == 0 ? failed : failed + ", \(skipped) skipped"
    }

    private static func message(_ message: SlackMessage?, body: [UInt8], links: Bool) -> [String] {
        guard let message else {
            let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return ["  " + (text.isEmpty ? "(empty body)" : text)]
        }
        var lines = MessageTextRenderer.render(message).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  │ " + $0 }
        if lines.last == "  │ " { lines.removeLast() }
        if links { lines.append("  Block Kit Builder: " + BlockKitBuilderLink.url(for: message)) }
        return lines
    }
}
