import Foundation
import TenkiCore
import TenkiLogging

/// `TENKI_ALLOWED_RESPONSE_HOSTS`: the origins a command's `response_url` may point to, so that
/// an attacker who gets a request signed cannot make Tenki post to an address of their choosing.
public struct ResponseURLAllowList: Sendable, Hashable, CustomStringConvertible {
    public let entries: [AllowedResponseHost]

    /// Slack's response_url hosts: the default.
    static let slack = ResponseURLAllowList(entries: [
        AllowedResponseHost(host: "hooks.slack.com", scheme: "https", port: 443),
        AllowedResponseHost(host: "hooks.slack-gov.com", scheme: "https", port: 443),
    ])

    init(entries: [AllowedResponseHost]) {
        self.entries = entries
    }

    /// Why a URL was refused, as the log line says it.
    public enum Refusal: String, Sendable, Equatable {
        case schemeNotAllowed = "scheme not allowed"
        case hostNotAllowed = "host not allowed"
        case portNotAllowed = "port not allowed"
    }

    /// `,`-separated entries (see `AllowedResponseHost` for their forms).
    init(parsing text: String) throws(SettingProblem) {
        let items = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !items.isEmpty else {
            throw SettingProblem("lists no host", fix: "list hosts separated by commas, or unset it for Slack's", got: text)
        }
        var entries: [AllowedResponseHost] = []
        for item in items {
            entries.append(try AllowedResponseHost(parsing: item))
        }
        self.entries = entries
    }

    /// Nil when some entry permits `url`; otherwise the most specific reason it was refused.
    public func refusal(of url: URL) -> Refusal? {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else { return .schemeNotAllowed }
        if entries.contains(where: { $0.permits(url) }) { return nil }
        let host = AllowedResponseHost.normalized(url.host ?? "")
        let sameHost = entries.filter { $0.host == host }
        if sameHost.isEmpty { return .hostNotAllowed }
        return sameHost.contains { $0.scheme == scheme } ? .portNotAllowed : .schemeNotAllowed
    }

    /// The entries `,`-separated. A loop rather than `joined(separator:)`: every start builds this
    /// text for the settings table, and the generic `joined` looks up its witnesses by name the
    /// first time, about 0.2 ms before the listener can listen.
    public var description: String {
        var text = ""
        for entry in entries {
            if !text.isEmpty { text += "," }
            text += entry.description
        }
        return text
    }
}

extension ResponseURLAllowList {
    /// `raw` as a URL, only when this list permits its scheme, host and port: an attacker who can
    /// get a request signed must not make Tenki post to an address of their choosing. A refusal
    /// is logged with the host (never the path, which holds Slack's token), and is nil.
    func permittedURL(_ raw: String?, logger: Logger) -> URL? {
        guard let raw, let url = URL(string: raw), url.scheme != nil, let host = url.host?.lowercased() else {
            logger.warning("request has no usable response_url")
            return nil
        }
        if let refusal = refusal(of: url) {
            var fields = [("scheme", url.scheme?.lowercased() ?? ""), ("host", host)]
            if let port = url.port { fields.append(("port", String(port))) }
            fields.append(("setting", SettingsTable.name(\.allowedResponseHosts)))
            logger.warning("response_url refused: \(refusal.rawValue)", fields)
            return nil
        }
        return url
    }
}
