/// What Tenki says about subscriptions, in English and Japanese: string-table templates with
/// `{name}` placeholders and mrkdwn markup, filled with `RichText.fill`. A setting is named by a
/// placeholder (`{botTokenSetting}`, `{schedulerSetting}`) that the app fills from its settings table.
public struct SubscriptionStrings: StringTable {
    /// No bot token: `{botTokenSetting}`.
    public var notConfigured: String
    /// Slack refused the bot token: not worth trying again; an admin must replace it (`{botTokenSetting}`).
    public var tokenRefused: String
    public var slackOnly: String
    public var otherWorkspace: String
    public var missingPlace: String
    public var invalidTime: String
    public var unknownZone: String
    public var repeated: String
    public var missingTarget: String
    public var targetWithoutLetters: String
    public var channelFull: String
    public var notInChannel: String
    public var postRefused: String
    /// The command came with no channel (only `tenki preview`, or a malformed payload, sends none).
    public var noChannel: String
    /// Posted in the channel: the confirmation that also proves Tenki may post there.
    public var morningConfirmation: String
    public var rainConfirmation: String
    /// The caller's private answer once saved.
    public var saved: String
    public var daily: String
    public var weekdays: String
    public var listHeader: String
    public var listEmpty: String
    public var morningLine: String
    public var rainLine: String
    /// One subscription named in a sentence (what was removed, what a place matched): its kind says
    /// which of two for the same place is which.
    public var morningShort: String
    public var rainShort: String
    public var paused: String
    public var noScheduler: String
    public var removed: String
    public var nothingRemoved: String
    /// A place that matches more than one subscription: they are listed, none is removed.
    public var ambiguousTarget: String
    public var stateUnavailable: String
    /// Posted in the channel when rain is likely.
    public var rainAlert: String

    public static let english = SubscriptionStrings(
        notConfigured: "Channel subscriptions need Tenki's Slack bot token: an admin sets `{botTokenSetting}` (docs/platforms.md, “The bot token”).",
        tokenRefused: "Slack refused Tenki's bot token, so subscriptions cannot work until it is replaced: please ask an admin to check `{botTokenSetting}` (docs/platforms.md, “The bot token”).",
        slackOnly: "Channel subscriptions are on Slack only for now; {command} PLACE works here as usual.",
        otherWorkspace: "This Tenki posts only in the workspace of its bot token, so it cannot subscribe channels here.",
        missingPlace: "Which place? For example `{command} subscribe Danang at 7:30` or `{command} subscribe rain Danang`.",
        invalidTime: "“{word}” is not a time of day: write 7:30, 07:30, 7am or 19:00.",
        unknownZone: "“{word}” is not a time zone: write a name such as Asia/Ho_Chi_Minh, America/New_York or UTC.",
        repeated: "“{word}” says something a second time: give one time, one of daily or weekdays, and one zone.",
        missingTarget: "Remove which? `{command} unsubscribe ID`, a place, or `all` (`{command} subscriptions` lists the IDs).",
        targetWithoutLetters: "“{word}” names no place (it has no letter or digit): write part of a place's name, an ID or `all` (`{command} subscriptions` lists them).",
        channelFull: "This channel already has {count} subscriptions, the most it may hold: remove one with `{command} unsubscribe ID`.",
        notInChannel: "I cannot post in this channel yet. Invite me with `/invite @Tenki`, then subscribe again. Nothing was saved.",
        postRefused: "Slack refused my post in this channel ({error}), so nothing was saved.",
        noChannel: "A subscription belongs to a channel: type `{command} subscribe …` in the channel that should get the reports. Nothing was saved.",
        morningConfirmation: "☀️ {user} subscribed this channel to a morning report for *{place}* at {time} {days} ({zone}). Next: {next}. (#{id})",
        rainConfirmation: "🌧️ {user} subscribed this channel to rain alerts for *{place}*: a message when rain is likely (60 % or more) within 6 hours, at most once a day, never between 22:00 and 07:00 ({zone}). (#{id})",
        saved: "Subscribed (#{id}). `{command} subscriptions` lists this channel's subscriptions; `{command} unsubscribe {id}` removes it.",
        daily: "every day",
        weekdays: "on weekdays",
        listHeader: "*Subscriptions in this channel*",
        listEmpty: "This channel has no subscriptions. `{command} subscribe PLACE` adds a morning report.",
        morningLine: "#{id} · *{place}* · morning report at {time} {days} ({zone}) · next {next}",
        rainLine: "#{id} · *{place}* · rain alerts ({zone})",
        morningShort: "#{id} {place} (morning report at {time} {days})",
        rainShort: "#{id} {place} (rain alerts)",
        paused: "   ⏸ paused after 3 failed posts ({reason}); subscribe again to resume",
        noScheduler: "⚠️ No scheduler runs in this Tenki (`{schedulerSetting}=off`): reports go out only when a timer or CronJob runs `tenki digest`.",
        removed: "Removed {count}: {names}.",
        nothingRemoved: "No subscription in this channel matches “{target}”. `{command} subscriptions` lists them.",
        ambiguousTarget: "“{target}” matches {count} subscriptions: {names}. Nothing was removed: remove each with `{command} unsubscribe ID`.",
        stateUnavailable: "⚠️ Subscriptions cannot be read or saved right now; please try again in a minute.",
        rainAlert: "🌧️ Rain is likely in *{place}*: {chance} % chance around {time} ({zone}).")

    public static let japanese = SubscriptionStrings(
        notConfigured: "チャンネルの購読には Tenki の Slack ボットトークンが必要です。管理者が `{botTokenSetting}` を設定してください（docs/platforms.md「The bot token」）。",
        tokenRefused: "Slack が Tenki のボットトークンを受け付けないため、購読は使えません。管理者に `{botTokenSetting}` の確認を依頼してください（docs/platforms.md「The bot token」）。",
        slackOnly: "チャンネルの購読は今のところ Slack だけです。ここでは {command} 場所 をいつもどおり使えます。",
        otherWorkspace: "この Tenki はボットトークンのワークスペースにだけ投稿するため、ここのチャンネルは購読できません。",
        missingPlace: "どの場所ですか？ 例: `{command} 購読 ダナン 7:30` または `{command} 購読 雨 ダナン`",
        invalidTime: "「{word}」は時刻ではありません。7:30、07:30、7時、19時30分 のように書いてください。",
        unknownZone: "「{word}」はタイムゾーンではありません。Asia/Tokyo や UTC のように書いてください。",
        repeated: "「{word}」が重なっています。時刻、毎日か平日、タイムゾーンはそれぞれ一つにしてください。",
        missingTarget: "どれを解除しますか？ `{command} 解除 ID`、場所、または `すべて`（ID は `{command} 購読一覧` で確認できます）。",
        targetWithoutLetters: "「{word}」には文字も数字もないため、場所を指せません。場所の名前、ID、または `すべて` を書いてください（`{command} 購読一覧` で確認できます）。",
        channelFull: "このチャンネルの購読はすでに上限の {count} 件です。`{command} 解除 ID` で一つ解除してください。",
        notInChannel: "このチャンネルにはまだ投稿できません。`/invite @Tenki` で招待してから、もう一度購読してください。何も保存していません。",
        postRefused: "Slack がこのチャンネルへの投稿を拒否しました（{error}）。何も保存していません。",
        noChannel: "購読はチャンネル単位です。レポートを受け取るチャンネルで `{command} 購読 …` と入力してください。何も保存していません。",
        morningConfirmation: "☀️ {user} さんがこのチャンネルで *{place}* の朝の天気を購読しました: {days} {time}（{zone}）。次回: {next}（#{id}）",
        rainConfirmation: "🌧️ {user} さんがこのチャンネルで *{place}* の雨のお知らせを購読しました: 6 時間以内の降水確率が 60 % 以上のとき、1 日 1 回まで、22:00〜07:00 は送りません（{zone}）。（#{id}）",
        saved: "購読しました（#{id}）。`{command} 購読一覧` で一覧、`{command} 解除 {id}` で解除できます。",
        daily: "毎日",
        weekdays: "平日",
        listHeader: "*このチャンネルの購読*",
        listEmpty: "このチャンネルに購読はありません。`{command} 購読 場所` で朝の天気を追加できます。",
        morningLine: "#{id} · *{place}* · 朝の天気 {days} {time}（{zone}）· 次回 {next}",
        rainLine: "#{id} · *{place}* · 雨のお知らせ（{zone}）",
        morningShort: "#{id} {place}（朝の天気 {days} {time}）",
        rainShort: "#{id} {place}（雨のお知らせ）",
        paused: "   ⏸ 投稿に 3 回失敗したため停止中（{reason}）。もう一度購読すると再開します",
        noScheduler: "⚠️ この Tenki ではスケジューラーが動いていません（`{schedulerSetting}=off`）。タイマーや CronJob が `tenki digest` を実行したときだけ送られます。",
        removed: "{count} 件解除しました: {names}",
        nothingRemoved: "このチャンネルに「{target}」に当たる購読はありません。`{command} 購読一覧` で確認できます。",
        ambiguousTarget: "「{target}」に当たる購読が {count} 件あります: {names}。何も解除していません。`{command} 解除 ID` で一つずつ解除してください。",
        stateUnavailable: "⚠️ 今は購読を読み書きできません。少し待ってからもう一度お試しください。",
        rainAlert: "🌧️ *{place}* で雨が降りそうです: {time} ごろ降水確率 {chance} %（{zone}）")
}
