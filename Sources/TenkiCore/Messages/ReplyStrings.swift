/// Every word Tenki says to users, one table per language with the same keys, so formatters hold
/// no string literals and a translation is one file. `{name}` placeholders are filled by `fill`.
public struct ReplyStrings: Sendable {
    public var language: WeatherLanguage
    public var feelsLike: String
    public var humidity: String
    public var wind: String
    public var gust: String
    public var pressure: String
    public var visibility: String
    public var rain: String
    public var snow: String
    public var localTime: String
    public var dataSource: String
    /// A cached answer served because the weather service is failing: how old it is.
    public var staleMinutes: String
    public var staleHours: String
    public var alsoMatched: String
    public var helpTitle: String
    public var weatherHelp: String
    public var unknownCommand: String
    public var placeNotFound: String
    public var notConfigured: String
    public var keyRejected: String
    public var rateLimited: String
    public var timedOut: String
    public var upstreamFailed: String
    public var badPlace: String
    public var newsNotReady: String

    public static func table(for language: WeatherLanguage) -> ReplyStrings {
        switch language {
        case .en: .english
        case .ja: .japanese
        }
    }

    /// Replaces each `{key}` in `template` with its value.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = template
        for (key, value) in values {
            result = result.replacingAll("{\(key)}", with: value)
        }
        return result
    }
}

extension ReplyStrings {
    public static let english = ReplyStrings(
        language: .en,
        feelsLike: "feels like {value}",
        humidity: "Humidity",
        wind: "Wind",
        gust: "gusts {value}",
        pressure: "Pressure",
        visibility: "Visibility",
        rain: "Rain",
        snow: "Snow",
        localTime: "Local time {time} (UTC{offset})",
        dataSource: "Data: OpenWeatherMap",
        staleMinutes: "as of {minutes} min ago",
        staleHours: "as of {hours} h ago",
        alsoMatched: "Also matched: {places}. Add a country code to pick one, e.g. `{example}`.",
        helpTitle: "Tenki: weather in Slack",
        weatherHelp: "`{command} PLACE` current weather, e.g. `{command} Da Nang, VN` or `{command} 東京`\n`{command} LAT,LON` weather at coordinates, e.g. `{command} 16.05,108.22`\n`{command} help` this help",
        unknownCommand: "I don't know the command `{command}`. I answer `{weather}` and `{news}`.",
        placeNotFound: "I couldn't find “{query}”. Try a city and country code, e.g. `{command} Da Nang, VN`.",
        notConfigured: "Weather isn't configured on this Tenki yet. Please ask an admin to set the OpenWeatherMap API key.",
        keyRejected: "The weather service rejected Tenki's API key. Please ask an admin to check it (the server log has the detail).",
        rateLimited: "The weather service is rate-limiting Tenki right now. Please try again in a minute.",
        timedOut: "The weather service didn't answer in time. Please try again in a moment.",
        upstreamFailed: "The weather service had a problem answering. Please try again in a moment.",
        badPlace: "“{query}” doesn't look like a place. Try `{command} Da Nang, VN` or `{command} 16.05,108.22`.",
        newsNotReady: "News is coming soon to this Tenki. For now, try `{weather} Da Nang`."
    )

    public static let japanese = ReplyStrings(
        language: .ja,
        feelsLike: "体感 {value}",
        humidity: "湿度",
        wind: "風",
        gust: "最大瞬間 {value}",
        pressure: "気圧",
        visibility: "視程",
        rain: "雨量",
        snow: "降雪量",
        localTime: "現地時刻 {time}（UTC{offset}）",
        dataSource: "データ: OpenWeatherMap",
        staleMinutes: "{minutes}分前の情報",
        staleHours: "{hours}時間前の情報",
        alsoMatched: "ほかの候補: {places}。国コードを付けると選べます（例: `{example}`）。",
        helpTitle: "Tenki: Slack で天気予報",
        weatherHelp: "`{command} 地名` 現在の天気（例: `{command} 東京` `{command} Da Nang, VN`）\n`{command} 緯度,経度` 座標の天気（例: `{command} 16.05,108.22`）\n`{command} help` このヘルプ",
        unknownCommand: "`{command}` というコマンドは知りません。`{weather}` と `{news}` に答えます。",
        placeNotFound: "「{query}」が見つかりませんでした。都市名と国コードで試してください（例: `{command} Da Nang, VN`）。",
        notConfigured: "この Tenki では天気がまだ設定されていません。管理者に OpenWeatherMap の API キーの設定を依頼してください。",
        keyRejected: "天気サービスが Tenki の API キーを拒否しました。管理者に確認を依頼してください（詳細はサーバーのログにあります）。",
        rateLimited: "天気サービスへのリクエストが制限されています。1 分ほどしてからもう一度お試しください。",
        timedOut: "天気サービスから時間内に応答がありませんでした。少ししてからもう一度お試しください。",
        upstreamFailed: "天気サービスで問題が起きました。少ししてからもう一度お試しください。",
        badPlace: "「{query}」は地名として読めませんでした。`{command} 東京` や `{command} 16.05,108.22` のように入力してください。",
        newsNotReady: "ニュースはまもなく対応します。今は `{weather} 東京` をお試しください。"
    )
}
