import Foundation

/// One OpenWeatherMap weather condition as the fake serves it.
struct FakeCondition: Sendable {
    var id: Int
    /// OpenWeatherMap's group name, English in every language.
    var main: String
    var english: String
    /// What OpenWeatherMap answers with `lang=ja`.
    var japanese: String
    /// The icon's number; the fake adds `d` or `n`.
    var icon: String
}

// Sources: the English descriptions and icons are OpenWeatherMap's condition table (see
// Tests/Fixtures/owm_conditions.md). The Japanese ones are what the service answers with
// `lang=ja`: 晴天 (800) and 曇りがち (803) as in captured responses, the rest as two independent
// public copies of OpenWeatherMap's Japanese condition list give them (identical to each other,
// literal translations included).
extension FakeOpenWeatherMap {
    static let conditions: [Int: FakeCondition] = Dictionary(
        uniqueKeysWithValues: conditionList.map { ($0.id, $0) })

    /// The description OpenWeatherMap gives condition `id` in `language` (its `lang` code): the
    /// Japanese one for `ja`, else English (the fake knows no other translations). Nil for an
    /// unknown id.
    static func description(ofCondition id: Int, language: String) -> String? {
        guard let condition = conditions[id] else { return nil }
        return language.lowercased() == "ja" ? condition.japanese : condition.english
    }

    private static func c(_ id: Int, _ main: String, _ english: String, _ japanese: String, _ icon: String) -> FakeCondition {
        FakeCondition(id: id, main: main, english: english, japanese: japanese, icon: icon)
    }

    static let conditionList: [FakeCondition] = [
        c(200, "Thunderstorm", "thunderstorm with light rain", "小雨と雷雨", "11"),
        c(201, "Thunderstorm", "thunderstorm with rain", "雨と雷雨", "11"),
        c(202, "Thunderstorm", "thunderstorm with heavy rain", "大雨と雷雨", "11"),
        c(210, "Thunderstorm", "light thunderstorm", "光雷雨", "11"),
        c(211, "Thunderstorm", "thunderstorm", "雷雨", "11"),
        c(212, "Thunderstorm", "heavy thunderstorm", "重い雷雨", "11"),
        c(221, "Thunderstorm", "ragged thunderstorm", "ぼろぼろの雷雨", "11"),
        c(230, "Thunderstorm", "thunderstorm with light drizzle", "小雨と雷雨", "11"),
        c(231, "Thunderstorm", "thunderstorm with drizzle", "霧雨と雷雨", "11"),
        c(232, "Thunderstorm", "thunderstorm with heavy drizzle", "重い霧雨と雷雨", "11"),
        c(300, "Drizzle", "light intensity drizzle", "光強度霧雨", "09"),
        c(301, "Drizzle", "drizzle", "霧雨", "09"),
        c(302, "Drizzle", "heavy intensity drizzle", "重い強度霧雨", "09"),
        c(310, "Drizzle", "light intensity drizzle rain", "光強度霧雨の雨", "09"),
        c(311, "Drizzle", "drizzle rain", "霧雨の雨", "09"),
        c(312, "Drizzle", "heavy intensity drizzle rain", "重い強度霧雨の雨", "09"),
        c(313, "Drizzle", "shower rain and drizzle", "にわかの雨と霧雨", "09"),
        c(314, "Drizzle", "heavy shower rain and drizzle", "重いにわかの雨と霧雨", "09"),
        c(321, "Drizzle", "shower drizzle", "にわか霧雨", "09"),
        c(500, "Rain", "light rain", "小雨", "10"),
        c(501, "Rain", "moderate rain", "適度な雨", "10"),
        c(502, "Rain", "heavy intensity rain", "重い強度の雨", "10"),
        c(503, "Rain", "very heavy rain", "非常に激しい雨", "10"),
        c(504, "Rain", "extreme rain", "極端な雨", "10"),
        c(511, "Rain", "freezing rain", "雨氷", "13"),
        c(520, "Rain", "light intensity shower rain", "光強度のにわかの雨", "09"),
        c(521, "Rain", "shower rain", "にわかの雨", "09"),
        c(522, "Rain", "heavy intensity shower rain", "重い強度にわかの雨", "09"),
        c(531, "Rain", "ragged shower rain", "不規則なにわかの雨", "09"),
        c(600, "Snow", "light snow", "小雪", "13"),
        c(601, "Snow", "snow", "雪", "13"),
        c(602, "Snow", "heavy snow", "大雪", "13"),
        c(611, "Snow", "sleet", "みぞれ", "13"),
        c(612, "Snow", "light shower sleet", "にわかみぞれ", "13"),
        c(615, "Snow", "light rain and snow", "光雨と雪", "13"),
        c(616, "Snow", "rain and snow", "雨や雪", "13"),
        c(620, "Snow", "light shower snow", "光のにわか雪", "13"),
        c(621, "Snow", "shower snow", "にわか雪", "13"),
        c(622, "Snow", "heavy shower snow", "重いにわか雪", "13"),
        c(701, "Mist", "mist", "ミスト", "50"),
        c(711, "Smoke", "smoke", "煙", "50"),
        c(721, "Haze", "haze", "ヘイズ", "50"),
        c(731, "Dust", "sand/dust whirls", "砂、ほこり旋回する", "50"),
        c(741, "Fog", "fog", "霧", "50"),
        c(751, "Sand", "sand", "砂", "50"),
        c(761, "Dust", "dust", "ほこり", "50"),
        c(762, "Ash", "volcanic ash", "火山灰", "50"),
        c(771, "Squall", "squalls", "スコール", "50"),
        c(781, "Tornado", "tornado", "竜巻", "50"),
        c(800, "Clear", "clear sky", "晴天", "01"),
        c(801, "Clouds", "few clouds", "薄い雲", "02"),
        c(802, "Clouds", "scattered clouds", "雲", "03"),
        c(803, "Clouds", "broken clouds", "曇りがち", "04"),
        c(804, "Clouds", "overcast clouds", "厚い雲", "04"),
    ]
}

/// Puts every `weather` entry's `description` in the requested language, as OpenWeatherMap
/// localises it by `lang` (`main` stays English). Entries with an unknown condition id keep
/// the description they were captured with.
enum SampleTranslator {
    static func translate(_ value: Any, language: String) -> Any {
        if let array = value as? [Any] { return array.map { translate($0, language: language) } }
        guard var object = value as? [String: Any] else { return value }
        for (key, child) in object {
            if key == "weather", let conditions = child as? [[String: Any]] {
                object[key] = conditions.map { condition in
                    var condition = condition
                    if let id = (condition["id"] as? NSNumber)?.intValue,
                        let description = FakeOpenWeatherMap.description(ofCondition: id, language: language)
                    {
                        condition["description"] = description
                    }
                    return condition
                }
            } else {
                object[key] = translate(child, language: language)
            }
        }
        return object
    }
}
