import Foundation
import TenkiCore

/// One replayed file: what was sent, what came back, and how it differed from the expectation.
public struct ReplayResult: Sendable {
    public var name: String
    public var file: ReplayFile?
    /// Nil when the file could not be read or the request not sent.
    public var observation: ReplayObservation?
    /// One line per difference (or the reason nothing could be observed); empty when it passed.
    public var differences: [String]
    /// Things worth knowing that are not failures.
    public var notes: [String] = []
    /// Why the file was not sent at all (it needs what only the in-process listener has, and the
    /// run has a `--target`); a skipped file neither passes nor fails.
    public var skipped: String?

    public var passed: Bool { differences.isEmpty }

    /// `✗ replay/weather.json: expected …` lines, one per difference.
    public var failureLines: [String] {
        differences.map { MessageTextRenderer.visibleControls("✗ \(name): \($0)") }
    }
}
