import Foundation
import TenkiBase
import TenkiCore

/// How long a fetched feed is kept before it is asked for again: never less than `minimum` (10
/// minutes: feeds change slowly and publishers ban eager readers), longer when the server or the
/// feed asks (`Cache-Control: max-age`, RSS `<ttl>`, `Retry-After`), never more than `maximum`.
public struct FeedLifetime: Sendable, Equatable {
    public var minimum: TimeInterval
    public var maximum: TimeInterval

    public init(minimum: TimeInterval = 600, maximum: TimeInterval = 24 * 3600) {
        self.minimum = max(600, minimum)
        self.maximum = max(self.minimum, maximum)
    }

    /// Seconds to keep an answer with these headers (and, for a 200, its feed's `<ttl>`).
    public func seconds(headers: HTTPHeaders, feedTimeToLive: TimeInterval?, now: Date) -> TimeInterval {
        let asked = [Self.maxAge(headers), feedTimeToLive, Self.retryAfter(headers, now: now)].compactMap { $0 }.max() ?? 0
        return min(maximum, max(minimum, asked))
    }

    /// `Cache-Control: max-age=N` (`s-maxage` wins, as for a shared cache).
    static func maxAge(_ headers: HTTPHeaders) -> TimeInterval? {
        guard let value = headers["Cache-Control"] else { return nil }
        var maxAge: TimeInterval?
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.count == 2, let seconds = Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))),
                seconds >= 0
            else { continue }
            if parts[0] == "s-maxage" { return seconds }
            if parts[0] == "max-age" { maxAge = seconds }
        }
        return maxAge
    }

    /// `Retry-After` in seconds or as an HTTP date, as seconds from `now`.
    static func retryAfter(_ headers: HTTPHeaders, now: Date) -> TimeInterval? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        return FeedDate.parse(value).map { max(0, $0.timeIntervalSince(now)) }
    }
}
