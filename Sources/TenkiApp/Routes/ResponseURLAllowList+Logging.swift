import Foundation
import TenkiLogging

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
