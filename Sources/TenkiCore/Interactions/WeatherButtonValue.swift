/// What a weather message's buttons carry: the view on show, the place (coordinates and the title
/// shown), the units and the language. A press is answered from this alone, on any replica, after a
/// restart, however old the message: no server-side state is needed.
///
/// Encoded compactly as `w1;VIEW;LAT;LON;UNITS;LANG;TITLE` (the title last, so it may hold `;`).
/// It comes back from Slack as untrusted input: `init(encoded:)` accepts only what `encoded` could
/// have produced, with every number in range, and nothing longer than Slack allows.
public struct WeatherButtonValue: Sendable, Equatable {
    public var view: WeatherView
    public var coordinates: Coordinates
    /// The place as the message names it (`Da Nang, VN`), at most `maximumTitleLength` characters.
    public var title: String
    public var units: Units
    public var language: WeatherLanguage

    /// Slack's limit on a button's `value`.
    public static let maximumEncodedLength = 2000
    public static let maximumTitleLength = 100
    static let version = "w1"

    public init(view: WeatherView, coordinates: Coordinates, title: String, units: Units, language: WeatherLanguage) {
        self.view = view
        self.coordinates = coordinates
        self.title = Self.cleaned(title)
        self.units = units
        self.language = language
    }

    /// The value for the button (four decimals of a degree: about 11 m, closer than any city needs).
    public var encoded: String {
        [
            Self.version, view.rawValue, Self.fourDecimals(coordinates.latitude), Self.fourDecimals(coordinates.longitude),
            units.rawValue, language.rawValue, title,
        ].joined(separator: ";")
    }

    /// Why a value that came back is refused. None of them reaches an upstream.
    public enum DecodingError: Error, Sendable, Equatable {
        case tooLong(Int)
        case malformed
        case unknownView(String)
        case latitudeOutOfRange
        case longitudeOutOfRange
        case unknownUnits(String)
        case unknownLanguage(String)
        case badTitle
    }

    public init(encoded: String) throws(DecodingError) {
        guard encoded.utf8.count <= Self.maximumEncodedLength else { throw .tooLong(encoded.utf8.count) }
        let fields = encoded.split(separator: ";", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 7, fields[0] == Self.version else { throw .malformed }
        guard let view = WeatherView(rawValue: fields[1]) else { throw .unknownView(String(fields[1].prefix(20))) }
        guard let latitude = Self.degrees(fields[2]), (-90...90).contains(latitude) else { throw .latitudeOutOfRange }
        guard let longitude = Self.degrees(fields[3]), (-180...180).contains(longitude) else { throw .longitudeOutOfRange }
        guard let units = Units(rawValue: fields[4]) else { throw .unknownUnits(String(fields[4].prefix(20))) }
        guard let language = WeatherLanguage(rawValue: fields[5]) else { throw .unknownLanguage(String(fields[5].prefix(20))) }
        let title = fields[6]
        guard !title.isEmpty, title.count <= Self.maximumTitleLength, Self.cleaned(title) == title else { throw .badTitle }
        self.init(
            view: view, coordinates: Coordinates(latitude: latitude, longitude: longitude), title: title, units: units,
            language: language)
    }

    /// A plain decimal number of degrees: digits, at most one point, an optional leading minus, at
    /// most 12 characters (no exponents, no `nan`, no `inf`).
    private static func degrees(_ text: String) -> Double? {
        guard !text.isEmpty, text.count <= 12,
              text.enumerated().allSatisfy({ index, character in
                  character.isASCII && (character.isNumber || character == "." || (character == "-" && index == 0))
              }) else { return nil }
        return Double(text)
    }

    private static func fourDecimals(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return Coordinates.decimal(rounded)
    }

    /// One line without control characters, cut to the maximum length.
    private static func cleaned(_ title: String) -> String {
        var line = String.UnicodeScalarView()
        line.append(contentsOf: title.unicodeScalars.filter { !$0.properties.generalCategory.isControl })
        return String(String(line).prefix(maximumTitleLength))
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
        default: false
        }
    }
}
