/// A point on Earth, in degrees. Users may type one instead of a place name (`/weather 16.05,108.22`),
/// which skips geocoding.
public struct Coordinates: Sendable, Hashable, Codable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `16.0678,108.2208`: the form users type and that `parse(_:)` reads back.
    public var description: String { "\(Self.decimal(latitude)),\(Self.decimal(longitude))" }

    /// A degree value as plain decimal text, at most six places, never in exponent form
    /// (`String(0.00001)` is `1e-05`, which neither `parse(_:)` nor query strings should see).
    public static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let micro = (value * 1_000_000).rounded()
        let negative = micro < 0
        let magnitude = Int64(abs(micro))
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(magnitude / 1_000_000)
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Why text is not a usable pair of coordinates.
    public enum ParseError: Error, Sendable, Equatable {
        /// Not two numbers separated by a comma: probably a place name, so geocode it.
        case notCoordinates
        /// Looks like coordinates but the latitude is outside -90...90.
        case latitudeOutOfRange(Double)
        /// Looks like coordinates but the longitude is outside -180...180.
        case longitudeOutOfRange(Double)
    }

    /// Reads `lat,lon` (spaces around the comma allowed; decimal point, optional sign).
    /// Text that is not of that shape throws `.notCoordinates`, so callers can fall back to
    /// geocoding; numbers out of range throw the range error, so the user learns why.
    public static func parse(_ text: String) throws(ParseError) -> Coordinates {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = number(parts[0]),
            let longitude = number(parts[1])
        else { throw .notCoordinates }
        guard (-90.0...90.0).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180.0...180.0).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        return Coordinates(latitude: latitude, longitude: longitude)
    }

    /// A plain decimal number: `Double(_:)` alone would also accept `nan`, `inf` and `0x1p3`.
    private static func number(_ raw: Substring) -> Double? {
        let text = raw.trimmingSpaces()
        guard !text.isEmpty,
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
            text.contains(where: \.isNumber)
        else { return nil }
        return Double(text)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }
}
