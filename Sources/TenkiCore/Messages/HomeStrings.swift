/// The words of the Home tab, in English and Japanese: string-table templates with `{name}`
/// placeholders and mrkdwn markup, filled with `RichText.fill` (outside words stay escaped).
public struct HomeStrings: StringTable {
    public var title: String
    public var yourSettings: String
    /// `{place}`, `{units}`.
    public var yourPlace: String
    public var noPlace: String
    /// `noPlace` where the team has no default place either: a bare command then shows help.
    public var noPlaceAnywhere: String
    /// `{place}`, `{units}`: the deployment's defaults (`TENKI_DEFAULT_CITY`, `TENKI_UNITS`).
    public var teamDefault: String
    public var noTeamPlace: String
    public var preferencesButton: String
    public var subscribeButton: String
    public var removeButton: String
    /// The dialog before a removal: `{channel}`, `{place}`.
    public var removeTitle: String
    public var removeText: String
    public var keep: String
    public var subscriptionsHeader: String
    /// `{command}`: the weather command (`/weather`).
    public var noSubscriptions: String
    /// `{channel}`, `{place}`, `{time}`, `{days}`, `{zone}`, `{next}`.
    public var morningLine: String
    /// `{channel}`, `{place}`, `{zone}`.
    public var rainLine: String
    /// `{reason}`: Slack's error code of the last failed post.
    public var paused: String
    /// `{count}` subscriptions not listed, past the Home tab's 100 blocks; `{command}`.
    public var more: String
    public var helpHeader: String
    /// `{weather}` and `{news}`: the command names.
    public var help: String
    public var units: [Units: String]

    public static let english = HomeStrings(
        title: "⛅ Tenki",
        yourSettings: "*Your settings*",
        yourPlace: "Your place: *{place}* · units: {units}",
        noPlace: "No place saved: `{command}` alone answers for the team's · units: {units}",
        noPlaceAnywhere: "No place saved: set one and `{command}` alone answers for it · units: {units}",
        teamDefault: "Team default: {place} · {units}",
        noTeamPlace: "no place",
        preferencesButton: "Set place and units",
        subscribeButton: "Subscribe a channel",
        removeButton: "Remove",
        removeTitle: "Remove this subscription?",
        removeText: "{channel} gets no more posts for *{place}* from it. Anyone can subscribe the channel again.",
        keep: "Keep",
        subscriptionsHeader: "*Channel subscriptions you created*",
        noSubscriptions: "None yet. Press *Subscribe a channel*, or type `{command} subscribe Danang` in a channel.",
        morningLine: "{channel} · *{place}* · morning report at {time} {days} ({zone})\nNext: {next}",
        rainLine: "{channel} · *{place}* · rain alerts ({zone})",
        paused: "⏸ Paused after 3 failed posts ({reason}); subscribe again to resume.",
        more: "…and {count} more: `{command} subscriptions` in each channel lists them.",
        helpHeader: "*What you can type*",
        help: """
            `{weather} Danang` the weather now · `{weather} Danang forecast` the next days · `{weather} Danang hourly` the next 24 hours
            `{weather} set Danang`, `{weather} set units imperial` your place and units
            `{weather} subscribe Danang at 6:45 weekdays`, `{weather} subscribe rain Danang` a report or rain alert in a channel
            `{news}`, `{news} tech`, `{news} ベトナム` headlines · `{weather} help` everything else
            """,
        units: [.metric: "metric (°C)", .imperial: "imperial (°F)", .standard: "standard (K)"])

    public static let japanese = HomeStrings(
        title: "⛅ Tenki",
        yourSettings: "*あなたの設定*",
        yourPlace: "場所: *{place}* · 単位: {units}",
        noPlace: "場所は未設定です（`{command}` だけならチームの場所で答えます）· 単位: {units}",
        noPlaceAnywhere: "場所は未設定です（設定すると `{command}` だけでその場所の天気を答えます）· 単位: {units}",
        teamDefault: "チームの既定: {place} · {units}",
        noTeamPlace: "場所なし",
        preferencesButton: "場所と単位を設定",
        subscribeButton: "チャンネルで購読",
        removeButton: "解除",
        removeTitle: "この購読を解除しますか？",
        removeText: "{channel} に *{place}* の投稿が届かなくなります。あとでもう一度購読できます。",
        keep: "残す",
        subscriptionsHeader: "*あなたが作ったチャンネルの購読*",
        noSubscriptions: "まだありません。 *チャンネルで購読* を押すか、チャンネルで `{command} 購読 ダナン` と入力してください。",
        morningLine: "{channel} · *{place}* · 朝の天気 {days} {time}（{zone}）\n次回: {next}",
        rainLine: "{channel} · *{place}* · 雨のお知らせ（{zone}）",
        paused: "⏸ 投稿に 3 回失敗したため停止中（{reason}）。もう一度購読すると再開します。",
        more: "…ほか {count} 件。各チャンネルで `{command} 購読一覧` と入力すると確認できます。",
        helpHeader: "*入力できること*",
        help: """
            `{weather} 東京` 現在の天気 · `{weather} 東京 予報` 数日間 · `{weather} 東京 毎時` 24 時間
            `{weather} set 東京`、`{weather} set units imperial` 場所と単位
            `{weather} 購読 東京 7時30分 平日`、`{weather} 購読 雨 東京` チャンネルに朝の天気か雨のお知らせ
            `{news}`、`{news} テクノロジー`、`{news} ベトナム` ニュース · `{weather} help` そのほか
            """,
        units: [.metric: "摂氏（°C）", .imperial: "華氏（°F）", .standard: "ケルビン（K）"])
}
