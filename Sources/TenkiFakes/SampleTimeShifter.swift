import Foundation

/// Moves a sample body's times (`dt`, `sunrise`, `sunset`, `dt_txt`) forward by whole days so the
/// sample reads as today's: a forecast captured in 2024 still has days ahead of "now", and the
/// local time of day (and so the day/night icon) stays as captured.
enum SampleTimeShifter {
    static let timeKeys: Set<String> = ["dt", "sunrise", "sunset"]

    /// - Parameter reference: the sample's own first time (current `dt`, or the forecast's first entry).
    static func shift(_ body: String, reference: Int, to now: Date) -> String {
        let days = (Int(now.timeIntervalSince1970) / 86_400) - (reference / 86_400)
        guard days != 0,
            let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)),
            let data = try? JSONSerialization.data(withJSONObject: walk(object, by: days * 86_400))
        else { return body }
        return String(decoding: data, as: UTF8.self)
    }

    /// The time a body is anchored on: the current-weather `dt`, or the forecast's first entry.
    static func reference(of body: String) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else { return nil }
        if let list = object["list"] as? [[String: Any]] { return (list.first?["dt"] as? NSNumber)?.intValue }
        return (object["dt"] as? NSNumber)?.intValue
    }

    private static func walk(_ value: Any, by seconds: Int) -> Any {
        if let array = value as? [Any] { return array.map { walk($0, by: seconds) } }
        guard let object = value as? [String: Any] else { return value }
        var out: [String: Any] = [:]
        for (key, child) in object {
            if timeKeys.contains(key), let number = child as? NSNumber {
                out[key] = number.intValue + seconds
            } else if key == "dt_txt", let dt = (object["dt"] as? NSNumber)?.intValue {
                out[key] = FakeOpenWeatherMap.dateText(dt + seconds)
            } else {
                out[key] = walk(child, by: seconds)
            }
        }
        return out
    }
}
