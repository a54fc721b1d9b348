/// The words of the preferences and subscribe modals and of their field errors, in English and
/// Japanese. Titles, submit and close words stay within 24 characters (`SlackLimits.viewTitle`).
public struct ModalStrings: StringTable {
    public var preferencesTitle: String
    public var subscribeTitle: String
    public var save: String
    public var subscribe: String
    public var cancel: String
    public var close: String
    public var placeLabel: String
    public var placeHint: String
    public var placePlaceholder: String
    /// The preferences modal's place may be left empty: then `/weather` alone uses the team's.
    public var optionalPlaceHint: String
    public var unitsLabel: String
    public var channelLabel: String
    public var channelHint: String
    public var channelPlaceholder: String
    public var timeLabel: String
    public var timeHint: String
    public var daysLabel: String
    public var daily: String
    public var weekdays: String
    public var kindLabel: String
    public var kindHint: String
    public var morning: String
    public var rain: String
    // Field errors, shown under the field (`response_action: errors`).
    public var placeMissing: String
    /// `{max}`: the longest place accepted.
    public var placeTooLong: String
    public var placeWithoutLetters: String
    /// `{place}`: what was typed.
    public var placeNotFound: String
    public var choiceMissing: String
    public var channelMissing: String
    public var channelInvalid: String
    public var notInChannel: String
    /// `{error}`: Slack's error code.
    public var channelRefused: String
    /// `{count}`: the channel's limit.
    public var channelFull: String
    public var timeMissing: String
    /// `{time}`: what came back.
    public var timeInvalid: String
    // The interim view while a check runs past Slack's 3 seconds.
    public var checkingTitle: String
    /// `{place}`: the place being looked up.
    public var checking: String

    public static let english = ModalStrings(
        preferencesTitle: "Your place and units", subscribeTitle: "Subscribe a channel", save: "Save", subscribe: "Subscribe",
        cancel: "Cancel", close: "Close",
        placeLabel: "Place",
        placeHint: "A city (Danang), with its country if needed (Da Nang, VN), or coordinates (16.05,108.22).",
        placePlaceholder: "Danang",
        optionalPlaceHint: "Leave it empty to use the team's place.",
        unitsLabel: "Units",
        channelLabel: "Channel", channelHint: "Tenki must be in the channel: /invite @Tenki",
        channelPlaceholder: "Choose a channel",
        timeLabel: "Time", timeHint: "In your Slack time zone. Rain alerts ignore it.",
        daysLabel: "Days", daily: "Every day", weekdays: "Weekdays (Monday to Friday)",
        kindLabel: "What to post",
        kindHint: "Rain alerts come when rain is 60 % likely within 6 hours, at most once a day, never at night.",
        morning: "Morning report", rain: "Rain alerts",
        placeMissing: "Type a place, for example Danang.",
        placeTooLong: "A place has at most {max} characters.",
        placeWithoutLetters: "A place needs a letter or a digit.",
        placeNotFound: "No place called “{place}” was found: check the spelling, or add the country (Da Nang, VN).",
        choiceMissing: "Choose one.",
        channelMissing: "Choose a channel.",
        channelInvalid: "Choose a channel: direct messages cannot be subscribed.",
        notInChannel: "Tenki is not in this channel yet: invite it with /invite @Tenki, then press Subscribe again.",
        channelRefused: "Slack refused Tenki's post in this channel ({error}).",
        channelFull: "This channel already has {count} subscriptions, the most it may hold: remove one first.",
        timeMissing: "Choose a time.",
        timeInvalid: "“{time}” is not a time of day.",
        checkingTitle: "Checking…",
        checking: "⏳ Looking up *{place}* and checking the channel. This takes a few seconds.")

    public static let japanese = ModalStrings(
        preferencesTitle: "場所と単位", subscribeTitle: "チャンネルで購読", save: "保存", subscribe: "購読",
        cancel: "キャンセル", close: "閉じる",
        placeLabel: "場所", placeHint: "都市名（東京）、必要なら国名つき（Da Nang, VN）、または座標（16.05,108.22）。",
        placePlaceholder: "東京",
        optionalPlaceHint: "空にするとチームの場所を使います。",
        unitsLabel: "単位",
        channelLabel: "チャンネル", channelHint: "Tenki がチャンネルにいる必要があります: /invite @Tenki",
        channelPlaceholder: "チャンネルを選択",
        timeLabel: "時刻", timeHint: "あなたの Slack のタイムゾーンで。雨のお知らせでは使いません。",
        daysLabel: "曜日", daily: "毎日", weekdays: "平日（月〜金）",
        kindLabel: "投稿する内容",
        kindHint: "雨のお知らせは 6 時間以内の降水確率が 60 % 以上のときに、1 日 1 回まで、夜間を除いて送ります。",
        morning: "朝の天気", rain: "雨のお知らせ",
        placeMissing: "場所を入力してください（例: 東京）。",
        placeTooLong: "場所は {max} 文字までです。",
        placeWithoutLetters: "場所には文字か数字が必要です。",
        placeNotFound: "「{place}」という場所は見つかりませんでした。つづりを確かめるか、国名を加えてください（Da Nang, VN）。",
        choiceMissing: "一つ選んでください。",
        channelMissing: "チャンネルを選んでください。",
        channelInvalid: "チャンネルを選んでください。ダイレクトメッセージは購読できません。",
        notInChannel: "Tenki はまだこのチャンネルにいません。/invite @Tenki で招待してから、もう一度「購読」を押してください。",
        channelRefused: "Slack がこのチャンネルへの投稿を拒否しました（{error}）。",
        channelFull: "このチャンネルの購読はすでに上限の {count} 件です。先に一つ解除してください。",
        timeMissing: "時刻を選んでください。",
        timeInvalid: "「{time}」は時刻ではありません。",
        checkingTitle: "確認中…",
        checking: "⏳ *{place}* を調べ、チャンネルを確認しています。数秒かかります。")
}
