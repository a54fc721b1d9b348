import TenkiCore

/// The page language a browser asks for in `Accept-Language` (RFC 9110 §12.5.4): the supported
/// language (`en`, `ja`) with the highest weight, the earlier one on a tie; English when the
/// header is absent, unreadable or names neither. `ja-JP` counts as `ja`; `q=0` means "not this".
enum AcceptLanguage {
    static func preferred(_ header: String?) -> WeatherLanguage {
        guard let header else { return .en }
        var best: (language: WeatherLanguage, weight: Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = WeatherLanguage(rawValue: primary) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            guard weight > 0, weight <= 1 else { continue }
            if best == nil || weight > best!.weight { best = (language, weight) }
        }
        return best?.language ?? .en
    }
}
