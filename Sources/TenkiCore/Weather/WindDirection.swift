/// The eight compass points, for showing `wind.deg` compactly.
///
/// Meteorological degrees say where the wind comes FROM (0° = from the north). The compass
/// point keeps that meaning (`N` wind); the arrow points where the air goes, as on a weather map,
/// so a north wind shows `↓`.
public enum WindDirection: Int, Sendable, CaseIterable, Hashable {
    case north, northEast, east, southEast, south, southWest, west, northWest

    /// The nearest of the eight points; nil for a non-finite value. Any finite angle works
    /// (negative, or over 360).
    public init?(degrees: Double) {
        guard degrees.isFinite else { return nil }
        var normalized = degrees.truncatingRemainder(dividingBy: 360)
        if normalized < 0 { normalized += 360 }
        let index = Int((normalized / 45).rounded()) % 8
        self.init(rawValue: index)
    }

    /// `N`, `NE`, … (where the wind comes from).
    public var compassPoint: String {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][rawValue]
    }

    /// An arrow pointing where the wind blows to.
    public var arrow: String {
        ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"][rawValue]
    }

    /// The arrow for `degrees`, or "" when there is no usable direction.
    public static func arrow(fromDegrees degrees: Double?) -> String {
        degrees.flatMap(WindDirection.init(degrees:))?.arrow ?? ""
    }
}
