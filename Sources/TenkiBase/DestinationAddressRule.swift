import Foundation

/// The address rule for destinations an operator configured: `response_url` hosts allowed by
/// `TENKI_ALLOWED_RESPONSE_HOSTS` (a URL passes only when its host is an entry's), incoming
/// webhooks, and the Web API bases (`SLACK_API_BASE_URL`, Discord's).
///
/// A host that is private by its own text stays reachable, since the operator wrote it so: an
/// address that is not public, in any spelling the resolver reads (`IPAddress`), `localhost`, a
/// single-label name (`mattermost`, a compose service) and a name under a suffix that the public
/// DNS never delegates (`chat.internal`, `*.local`, `*.home.arpa`, ...). Any other host is a public
/// name, and it may lead only to public addresses: the transport checks every address it resolves
/// to before connecting (`OutboundRequest.publicAddressesOnly`), so a `hooks.slack.com` whose DNS
/// answers 127.0.0.1 or 10.0.0.1 reaches nothing.
public enum DestinationAddressRule {
    /// Suffixes that no public DNS answers for: RFC 6761 (`localhost`, `test`), RFC 6762
    /// (`local`), RFC 8375 (`home.arpa`), ICANN's private-use `internal`, and the names ICANN
    /// will not delegate because private networks use them (`lan`, `home`, `corp`).
    static let privateSuffixes = ["localhost", "test", "local", "home.arpa", "internal", "lan", "home", "corp"]

    /// Whether `rawHost` (as a URL holds it) names a private destination by itself (see above).
    public static func isPrivateByName(_ rawHost: String) -> Bool {
        switch IPAddress.host(rawHost) {
        case .address(let address): return !address.isPublic
        case .invalidNumeric: return false
        case .name(let host):
            guard !host.isEmpty else { return false }
            if !host.contains(".") { return true }
            return privateSuffixes.contains { host == $0 || host.hasSuffix("." + $0) }
        }
    }

    /// Whether a connection to `rawHost` must reach public addresses only: every host but those
    /// private by name. A missing host is public, so checked.
    public static func requiresPublicAddresses(_ rawHost: String?) -> Bool {
        guard let rawHost, !rawHost.isEmpty else { return true }
        return !isPrivateByName(rawHost)
    }

    /// The same for a whole destination URL. Plain `http://` is exempt: Tenki sends it only where an
    /// operator allowed it by an explicit `http://host[:port]` entry, which exists for a self-hosted
    /// server on the operator's own network (a Mattermost whose name resolves to 10.x), or to a
    /// loopback host. HTTPS destinations (Slack's hosts, bare entries, the Web API bases) follow
    /// `requiresPublicAddresses(_:)`.
    public static func requiresPublicAddresses(_ url: URL) -> Bool {
        url.scheme?.lowercased() != "http" && requiresPublicAddresses(url.host)
    }
}
