import Foundation
import TenkiBase

/// Where a feed fetch may go. A feed URL comes from the settings, but its server chooses every
/// redirect, so each hop is checked again: a redirect must stay on HTTPS (HTTP only to a private
/// address that is allowed), and no hop may reach a loopback, private or link-local address
/// unless `allowsPrivateAddresses` (demo, tests, an intranet feed).
///
/// Hosts are read as the resolver reads them (`IPAddress`), and the addresses a name resolves to
/// are checked by the transport, before it connects (`OutboundRequest.publicAddressesOnly`).
public struct FeedAddressRule: Sendable {
    public var allowsPrivateAddresses: Bool
    /// The setting that allows private addresses, as a refusal names it (the app passes its name).
    public var allowingSetting: String

    public init(allowsPrivateAddresses: Bool, allowingSetting: String = "the setting for private feed addresses") {
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.allowingSetting = allowingSetting
    }

    /// Why the configured URL itself may not be fetched, or nil when it may (HTTP or HTTPS, an
    /// administrator's choice, but a private address only when allowed).
    public func refusal(forFeed url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host else {
            return "not an http or https URL"
        }
        if !allowsPrivateAddresses, Self.isPrivate(host) {
            return "a private or loopback address (set \(allowingSetting)=on to allow it)"
        }
        return nil
    }

    /// Whether a redirect may go to `url`.
    public func permitsRedirect(to url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else { return false }
        if Self.isPrivate(host) { return allowsPrivateAddresses }
        return scheme == "https"
    }

    /// Whether `rawHost` (as a URL holds it) is `localhost`, or an address that is not public,
    /// in any spelling the resolver or libcurl accepts (`IPAddress`): `2130706433`, `0x7f000001`,
    /// `127.1`, `0177.0.0.1`, `[::ffff:7f00:1]`, `[::ffff:127.0.0.1]` are all 127.0.0.1. A host
    /// that ends in a number but is no address is refused too. A name is checked here only for
    /// `localhost`; the address it resolves to is checked by the transport
    /// (`OutboundRequest.publicAddressesOnly`).
    public static func isPrivate(_ rawHost: String) -> Bool {
        switch IPAddress.host(rawHost) {
        case .address(let address): return !address.isPublic
        case .invalidNumeric: return true
        case .name(let host): return host == "localhost" || host.hasSuffix(".localhost")
        }
    }
}
