/// A marker for temperatures that deserve a warning: 🥵 from 35 °C (heat-stress territory),
/// 🥶 at −10 °C or below. Judged in Celsius whatever units the reply uses.
public enum TemperatureMarker {
    public static let heat = "🥵"
    public static let cold = "🥶"

    public static func marker(for value: Double, in units: Units) -> String? {
        let celsius: Double =
            switch units {
            case .metric: value
            case .imperial: (value - 32) * 5 / 9
            case .standard: value - 273.15
            }
        if celsius >= 35 { return heat }
        if celsius <= -10 { return cold }
        return nil
    }
}
