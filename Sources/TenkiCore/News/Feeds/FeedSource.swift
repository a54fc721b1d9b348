import Foundation
import TenkiBase

/// One configured feed: the name `/news NAME` selects it by, and where it is fetched from.
///
/// `TENKI_NEWS_FEEDS` lists them `;`-separated, each `URL` or `NAME=URL`, `NAME` made of
/// `[A-Za-z0-9_-]`; a bare URL is named by its host (without a leading `www.`).
public struct FeedSource: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let url: URL

    /// `name=URL`, the URL without its credentials (a feed's URL may carry a token in its query).
    public var description: String { "\(name)=\(CredentialRedaction.redactingURL(url.absoluteString))" }

    /// Why an entry of the list cannot be used; `description` is one line naming the entry.
    public enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case badName(String)
        case badURL(String)
        case duplicateName(String)

        public var description: String {
            switch self {
            case .empty: "lists no feed"
            case .badName(let name): "has the name \"\(name)\", which is not made of letters, digits, `_` and `-` only"
            case .badURL(let entry):
                "has \"\(CredentialRedaction.redactingURLs(in: entry))\", which is not an http or https URL with a host"
            case .duplicateName(let name): "names two feeds \"\(name)\"; give one of them NAME=URL with another name"
            }
        }
    }

    /// The feeds of a `;`-separated list, in its order. Blank entries (a trailing `;`) are skipped.
    public static func parseList(_ text: String) throws(ParseError) -> [FeedSource] {
        var sources: [FeedSource] = []
        var names = Set<String>()
        for rawEntry in text.split(separator: ";") {
            let entry = rawEntry.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !entry.isEmpty else { continue }
            let source = try parse(entry: entry)
            guard names.insert(source.name.lowercased()).inserted else { throw .duplicateName(source.name) }
            sources.append(source)
        }
        guard !sources.isEmpty else { throw .empty }
        return sources
    }

    /// `URL` or `NAME=URL`. A `=` inside a URL's query (`?a=b`) is not a name separator: the name
    /// part is taken only when what precedes the first `=` has no `:` or `/`.
    static func parse(entry: String) throws(ParseError) -> FeedSource {
        var name: String?
        var urlText = entry
        if let equals = entry.firstIndex(of: "="), !entry[..<equals].contains(where: { $0 == ":" || $0 == "/" }) {
            let candidate = entry[..<equals].trimmingCharacters(in: .whitespaces)
            guard isValidName(candidate) else { throw .badName(candidate) }
            name = candidate
            urlText = entry[entry.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        guard let url = URL(string: urlText), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty
        else { throw .badURL(urlText) }
        return FeedSource(name: name ?? defaultName(host: host), url: url)
    }

    /// Names are what users type after `/news`: ASCII letters, digits, `_` and `-`, 1 to 40 of them.
    public static func isValidName(_ name: String) -> Bool {
        (1...40).contains(name.utf8.count)
            && name.unicodeScalars.allSatisfy {
                ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "_" || $0 == "-"
            }
    }

    /// A host as a name: lower case, without `www.`.
    static func defaultName(host: String) -> String {
        let lower = host.lowercased()
        return lower.hasPrefix("www.") ? String(lower.dropFirst(4)) : lower
    }
}
