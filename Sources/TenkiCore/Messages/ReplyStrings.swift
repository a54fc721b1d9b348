import Foundation

/// Every word Tenki says to users, one table per language with the same keys, so formatters hold
/// no string literals and a translation is one file. `{name}` placeholders are filled by `fill`.
public struct ReplyStrings: StringTable {
    /// The providers' names, as `dataSources` lists them (names, not words: never translated).
    public static let weatherProvider = "OpenWeatherMap"
    public static let newsProvider = "NewsAPI.org"

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
    public var forecastTitle: String
    public var forecastDay: String
    public var weekdays: [String]
    public var chanceOfRain: String
    /// A forecast with no days left in it: said in one line instead of an empty list.
    public var noForecast: String
    public var dataSource: String
    /// The context line naming several sources (`{sources}` joined with ` · `), each once.
    public var dataSources: String
    /// A cached answer served because the weather service is failing: how old it is.
    public var staleMinutes: String
    public var staleHours: String
    public var alsoMatched: String
    public var helpTitle: String
    public var newsHelpTitle: String
    public var weatherHelp: String
    /// The help's line on channel subscriptions, shown where they exist (Slack).
    public var weatherHelpSubscriptions: String
    public var unknownCommand: String
    public var placeNotFound: String
    public var notConfigured: String
    public var keyRejected: String
    public var rateLimited: String
    /// The deployment's daily allowance of a provider (NewsAPI) is spent for commands.
    public var allowanceSpent: String
    /// This user's share of the daily allowance is spent; others can still ask.
    public var allowanceShareSpent: String
    public var oneLookup: String
    public var manyLookups: String
    /// `3 h 12 min` / `3時間12分`, `3 h` / `3時間` and `12 min` / `12分`: how long until something happens.
    public var waitHoursMinutes: String
    public var waitHours: String
    public var waitMinutes: String
    public var timedOut: String
    public var upstreamFailed: String
    public var badPlace: String
    public var savedPlace: String
    public var savedUnits: String
    public var forgotten: String
    public var setWhat: String
    public var stateUnavailable: String
    public var slowDown: String
    public var lookingUp: String
    public var lookingUpGeneric: String
    /// `{platform}`: the chat the command came from (Slack, Mattermost).
    public var tookTooLong: String
    /// A command or press refused because Tenki has as much work in flight as it takes
    /// (`TENKI_INBOUND_IN_FLIGHT`): nothing was started or stored for it.
    public var busy: String
    /// Replaces the placeholder when its answer can no longer arrive in time (its command's
    /// process died and the `response_url` is about to expire).
    public var lateAnswerLost: String
    public var weatherServiceName: String
    public var newsServiceName: String
    public var newsHelp: String
    public var topHeadlines: String
    public var categoryHeadlines: String
    public var newsSearchTitle: String
    public var noNews: String
    public var newsSource: String
    public var justNow: String
    public var minutesAgo: String
    public var hoursAgo: String
    public var daysAgo: String
    /// The morning digest (`DigestMessageFormatter`).
    public var digestTitle: String
    /// A subscription's morning report.
    public var reportTitle: String
    public var digestDate: String
    public var digestHighLow: String
    public var digestCityFailed: String
    public var digestHeadlines: String
    public var digestNewsFailed: String
    public var digestNoNewHeadlines: String
    /// The news source had no headlines at all for the digest (its query matched nothing).
    public var digestNoHeadlines: String

    /// Replaces each `{key}` in `template` with its value.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        // One pass over the template: a value is inserted as it is, never searched for placeholders itself.
        let bytes = Array(template.utf8)
        guard bytes.contains(UInt8(ascii: "{")) else { return template }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
                let value = values[String(decoding: bytes[(index + 1)..<close], as: UTF8.self)]
            {
                result.append(contentsOf: value.utf8)
                index = close + 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension ReplyStrings {
    /// `3 h 12 min` / `3時間12分` until something `seconds` away happens: whole minutes, rounded
    /// up (a reset in 30 s reads "1 min", not "0 min").
    public func wait(_ seconds: TimeInterval) -> String {
        let minutes = seconds.isFinite ? max(1, Int((min(max(seconds, 0), 1e9) / 60).rounded(.up))) : 1
        guard minutes >= 60 else { return ReplyStrings.fill(waitMinutes, ["minutes": String(minutes)]) }
        if minutes % 60 == 0 { return ReplyStrings.fill(waitHours, ["hours": String(minutes / 60)]) }
        return ReplyStrings.fill(waitHoursMinutes, ["hours": String(minutes / 60), "minutes": String(minutes % 60)])
    }

    /// `1 lookup`, `2 lookups` / `2 回`: a count of calls to a provider.
    public func lookups(_ count: Int) -> String {
        ReplyStrings.fill(count == 1 ? oneLookup : manyLookups, ["count": String(count)])
    }

    /// `as of 25 min ago` / `25分前の情報`, for an older answer served because the provider
    /// failed: whole minutes (at least 1) below an hour, else whole hours.
    public func asOf(_ age: TimeInterval) -> String {
        let minutes = age.isFinite ? max(1, Int(min(age, 1e9) / 60)) : 1
        guard minutes >= 60 else { return ReplyStrings.fill(staleMinutes, ["minutes": String(minutes)]) }
        return ReplyStrings.fill(staleHours, ["hours": String(minutes / 60)])
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
        forecastTitle: "{place}: the next days",
        forecastDay: "{weekday} {day} {month}",
        weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        chanceOfRain: "chance of rain",
        noForecast: "No forecast for {place} right now. Please try again later.",
        dataSource: "Data: OpenWeatherMap",
        dataSources: "Data: {sources}",
        staleMinutes: "as of {minutes} min ago",
        staleHours: "as of {hours} h ago",
        alsoMatched: "Also matched: {places}. Add a country code to pick one, e.g. `{example}`.",
        helpTitle: "Tenki: weather",
        newsHelpTitle: "Tenki: news",
        weatherHelp: "`{command} PLACE` current weather, e.g. `{command} Da Nang, VN` or `{command} 東京`\n`{command} LAT,LON` weather at coordinates, e.g. `{command} 16.05,108.22`\n`{command} PLACE forecast` the next days; `hourly` the next 24 hours; `air` the air quality\n`{command} Chicago °F` units for one command: `°F`/`imperial`, `°C`/`metric`, `K`/`standard`\n`{command} set PLACE`, `{command} set units imperial` save your place and units; `{command} unset` forgets them\n`{command}` alone: your saved place, or the team's\n`{command} help` this help",
        weatherHelpSubscriptions: "`{command} subscribe PLACE` a morning report in this channel (`subscribe rain PLACE`: rain alerts); `{command} subscriptions` lists them, `{command} unsubscribe ID` stops one",
        unknownCommand: "I don't know the command `{command}`. I answer `{weather}` and `{news}`.",
        placeNotFound: "I couldn't find “{query}”. Try a city and country code, e.g. `{command} Da Nang, VN`.",
        notConfigured: "{Service} isn't configured on this Tenki yet. Please ask an admin to set the {provider} API key.",
        keyRejected: "The {service} service rejected Tenki's API key. Please ask an admin to check it (the server log has the detail).",
        rateLimited: "The {service} service is rate-limiting Tenki right now. Please try again in a minute.",
        allowanceSpent: "Tenki has used today's {provider} allowance for this workspace. It resets at midnight UTC, in {wait}; until then only {service} that Tenki has already fetched can be shown.",
        allowanceShareSpent: "You have used your share of today's {provider} allowance ({lookups}). It resets at midnight UTC, in {wait}; others in this workspace can still look things up.",
        oneLookup: "{count} lookup",
        manyLookups: "{count} lookups",
        waitHoursMinutes: "{hours} h {minutes} min",
        waitHours: "{hours} h",
        waitMinutes: "{minutes} min",
        timedOut: "The {service} service didn't answer in time. Please try again in a moment.",
        upstreamFailed: "The {service} service had a problem answering. Please try again in a moment.",
        badPlace: "“{query}” doesn't look like a place. Try `{command} Da Nang, VN` or `{command} 16.05,108.22`.",
        savedPlace: "Saved *{place}* as your place. `{command}` alone now answers for it.",
        savedUnits: "Saved: {units} from now on.",
        forgotten: "Forgot your saved place and units.",
        setWhat: "Tell me what to save: `{command} set Da Nang, VN` or `{command} set units imperial` (metric, imperial or standard).",
        stateUnavailable: "I couldn't reach my saved settings just now. Please try again in a moment.",
        slowDown: "You're sending commands quickly. Please wait a few seconds and try again.",
        lookingUp: "⏳ Looking up {query}…",
        lookingUpGeneric: "⏳ Looking that up…",
        tookTooLong: "⏳ That took longer than {platform} waits. Please try again in a moment.",
        busy: "⏳ Tenki is busy right now. Please try again in a moment.",
        lateAnswerLost: "Sorry, Tenki could not finish your answer to {command} in time. Please run the command again.",
        weatherServiceName: "weather",
        newsServiceName: "news",
        newsHelp: "`{command}` top headlines\n`{command} tech` a category: business, entertainment, health, science, sports, tech\n`{command} ベトナム` search the news for any words, newest first\n`{command} help` this help",
        topHeadlines: "Top headlines",
        categoryHeadlines: "Top headlines: {category}",
        newsSearchTitle: "News: {query}",
        noNews: "I found no news for “{query}”. Try fewer or other words, or `{command}` for the top headlines.",
        newsSource: "Data: NewsAPI.org",
        justNow: "just now",
        minutesAgo: "{n} min ago",
        hoursAgo: "{n} h ago",
        daysAgo: "{n} d ago",
        digestTitle: "☀️ Morning digest: {date}",
        reportTitle: "☀️ Morning report: {date}",
        digestDate: "{weekday} {day} {month} {year}",
        digestHighLow: "high {high} / low {low}",
        digestCityFailed: "⚠️ *{city}*: no weather right now",
        digestHeadlines: "📰 Headlines",
        digestNewsFailed: "⚠️ No headlines right now: the news service did not answer.",
        digestNoNewHeadlines: "No new headlines since the last digest.",
        digestNoHeadlines: "No headlines: the news source had none for this digest."
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
        forecastTitle: "{place} の天気予報",
        forecastDay: "{month}月{day}日({weekday})",
        weekdays: ["日", "月", "火", "水", "木", "金", "土"],
        chanceOfRain: "降水確率",
        noForecast: "{place} の予報は今は取得できません。しばらくしてからもう一度お試しください。",
        dataSource: "データ: OpenWeatherMap",
        dataSources: "データ: {sources}",
        staleMinutes: "{minutes}分前の情報",
        staleHours: "{hours}時間前の情報",
        alsoMatched: "ほかの候補: {places}。国コードを付けると選べます（例: `{example}`）。",
        helpTitle: "Tenki: 天気予報",
        newsHelpTitle: "Tenki: ニュース",
        weatherHelp: "`{command} 地名` 現在の天気（例: `{command} 東京` `{command} Da Nang, VN`）\n`{command} 緯度,経度` 座標の天気（例: `{command} 16.05,108.22`）\n`{command} 地名 予報` 数日間の予報（`forecast` も可）、`毎時` 24時間、`大気` 大気の状態\n`{command} Chicago °F` この回だけの単位: `°F`/`imperial`、`°C`/`metric`、`K`/`standard`\n`{command} set 地名`、`{command} set units metric` 地点と単位を保存、`{command} unset` で削除\n`{command}` だけ: 保存した地点（なければチームの既定）\n`{command} help` このヘルプ",
        weatherHelpSubscriptions: "`{command} 購読 地名` このチャンネルに毎朝の天気（`購読 雨 地名`: 雨の知らせ）、`{command} 購読一覧` で一覧、`{command} 解除 ID` で停止",
        unknownCommand: "`{command}` というコマンドは知りません。`{weather}` と `{news}` に答えます。",
        placeNotFound: "「{query}」が見つかりませんでした。都市名と国コードで試してください（例: `{command} Da Nang, VN`）。",
        notConfigured: "この Tenki では{service}がまだ設定されていません。管理者に {provider} の API キーの設定を依頼してください。",
        keyRejected: "{service}サービスが Tenki の API キーを拒否しました。管理者に確認を依頼してください（詳細はサーバーのログにあります）。",
        rateLimited: "{service}サービスへのリクエストが制限されています。1 分ほどしてからもう一度お試しください。",
        allowanceSpent: "このワークスペースの本日の {provider} 利用枠を使い切りました。UTC の午前 0 時（あと{wait}）にリセットされます。それまでは取得済みの{service}だけを表示できます。",
        allowanceShareSpent: "本日のあなたの {provider} 利用枠（{lookups}）を使い切りました。UTC の午前 0 時（あと{wait}）にリセットされます。ほかのメンバーは引き続き利用できます。",
        oneLookup: "{count} 回",
        manyLookups: "{count} 回",
        waitHoursMinutes: "{hours}時間{minutes}分",
        waitHours: "{hours}時間",
        waitMinutes: "{minutes}分",
        timedOut: "{service}サービスから時間内に応答がありませんでした。少ししてからもう一度お試しください。",
        upstreamFailed: "{service}サービスで問題が起きました。少ししてからもう一度お試しください。",
        badPlace: "「{query}」は地名として読めませんでした。`{command} 東京` や `{command} 16.05,108.22` のように入力してください。",
        savedPlace: "*{place}* をあなたの地点として保存しました。これからは `{command}` だけでこの地点の天気を表示します。",
        savedUnits: "保存しました: これからは {units} で表示します。",
        forgotten: "保存した地点と単位を削除しました。",
        setWhat: "保存する内容を指定してください: `{command} set 東京` または `{command} set units metric`（metric, imperial, standard）。",
        stateUnavailable: "保存した設定を今は読み込めませんでした。少ししてからもう一度お試しください。",
        slowDown: "コマンドの送信が続いています。数秒待ってからもう一度お試しください。",
        lookingUp: "⏳ {query} を調べています…",
        lookingUpGeneric: "⏳ 調べています…",
        tookTooLong: "⏳ {platform} の待ち時間内に答えられませんでした。少ししてからもう一度お試しください。",
        busy: "⏳ Tenki は混み合っています。少ししてからもう一度お試しください。",
        lateAnswerLost: "申し訳ありません。{command} の答えを時間内に用意できませんでした。もう一度コマンドを実行してください。",
        weatherServiceName: "天気",
        newsServiceName: "ニュース",
        newsHelp: "`{command}` トップニュース\n`{command} tech` カテゴリ: business, entertainment, health, science, sports, tech（テクノロジー、スポーツなども可）\n`{command} ベトナム` キーワードで検索（新しい順）\n`{command} help` このヘルプ",
        topHeadlines: "トップニュース",
        categoryHeadlines: "トップニュース: {category}",
        newsSearchTitle: "ニュース: {query}",
        noNews: "「{query}」のニュースは見つかりませんでした。別の言葉を試すか、`{command}` でトップニュースをご覧ください。",
        newsSource: "データ: NewsAPI.org",
        justNow: "たった今",
        minutesAgo: "{n}分前",
        hoursAgo: "{n}時間前",
        daysAgo: "{n}日前",
        digestTitle: "☀️ 朝のダイジェスト: {date}",
        reportTitle: "☀️ 朝の天気: {date}",
        digestDate: "{year}年{month}月{day}日({weekday})",
        digestHighLow: "最高 {high} / 最低 {low}",
        digestCityFailed: "⚠️ *{city}*: 天気を取得できませんでした",
        digestHeadlines: "📰 ニュース",
        digestNewsFailed: "⚠️ ニュースを取得できませんでした。",
        digestNoNewHeadlines: "前回のダイジェストから新しいニュースはありません。",
        digestNoHeadlines: "このダイジェストに載せるニュースはありませんでした。"
    )
}
