import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// One request as a fake provider received it: what tests assert about upstream traffic.
public struct RecordedCall: Sendable, Equatable {
    public var method: String
    public var path: String
    /// Query items in order, percent-decoded (`+` read as a space, as the real services do).
    public var queryItems: [QueryItem]
    /// The query exactly as sent, still percent-encoded.
    public var rawQuery: String
    public var headers: HTTPHeaders

    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// The call behind `request`.
    public init(_ request: HTTPRequest) {
        method = request.method
        path = String(request.path)
        rawQuery = String(request.query ?? "")
        queryItems = Self.parseQuery(rawQuery)
        headers = request.headers
    }

    /// The first value of query item `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Splits `a=1&q=%E3%83%99` into decoded items.
    static func parseQuery(_ query: String) -> [QueryItem] {
        query.split(separator: "&").map { pair in
            let name = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(name.count + (name.count < pair.count ? 1 : 0))
            return QueryItem(name: decode(name), value: decode(value))
        }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
