import TenkiCore

/// The words of the install, success and failure pages, in English and Japanese. Plain text: the
/// page escapes them (a workspace's name is whatever its admins typed).
struct InstallPageStrings: StringTable {
    var installTitle: String
    var installIntro: String
    var permissionsHeading: String
    var permissions: [String]
    var addToSlack: String
    var installNote: String
    var installedTitle: String
    var installed: @Sendable (_ team: String) -> String
    var tryIt: String
    var openSlack: @Sendable (_ team: String) -> String
    var failures: [InstallFailure: (title: String, text: String)]
    var nothingInstalled: String
    var startAgain: String

    static let english = InstallPageStrings(
        installTitle: "Add Tenki to Slack",
        installIntro: "Tenki answers /weather and /news in your Slack workspace, and can post a morning report to a channel.",
        permissionsHeading: "What Tenki asks Slack for",
        permissions: [
            "commands: the /weather and /news commands",
            "chat:write: posting answers and subscribed reports",
            "users:read: your time zone, for the times of subscriptions",
        ],
        addToSlack: "Add to Slack",
        installNote: "The button opens Slack, where you choose the workspace and allow Tenki. It works once, for 10 minutes; "
            + "reload this page for a new one.",
        installedTitle: "Tenki is installed",
        installed: { "Tenki is now installed in \($0)." },
        tryIt: "Try /weather Tokyo in any channel.",
        openSlack: { "Open \($0) in Slack" },
        failures: [
            .stateMissing: ("This link is incomplete", "Slack sent you back without the check Tenki needs."),
            .stateUnknown: ("This install link was already used", "Each install link works once."),
            .stateExpired: ("This install link expired", "Install links work for 10 minutes."),
            .cookieMissing: (
                "Your browser did not send back the install check",
                "The install must finish in the browser that started it, with cookies allowed for this site."
            ),
            .cookieMismatch: (
                "This install was started in another browser",
                "The install must finish in the browser that started it."
            ),
            .accessDenied: ("Tenki was not installed", "You chose Cancel in Slack."),
            .exchangeRefused: ("Slack did not confirm the install", "Tenki could not complete the install with Slack."),
            .teamNotAllowed: (
                "This workspace may not install Tenki",
                "This Tenki is set up for particular workspaces only; ask whoever runs it to add yours."
            ),
        ],
        nothingInstalled: "Nothing was installed.",
        startAgain: "Start again from the install page")

    static let japanese = InstallPageStrings(
        installTitle: "Tenki を Slack に追加",
        installIntro: "Tenki は Slack のワークスペースで /weather と /news に答え、朝の天気をチャンネルに投稿できます。",
        permissionsHeading: "Tenki が Slack に求める権限",
        permissions: [
            "commands: /weather と /news コマンド",
            "chat:write: 回答と購読したレポートの投稿",
            "users:read: 購読の時刻に使うあなたのタイムゾーン",
        ],
        addToSlack: "Slack に追加",
        installNote: "ボタンを押すと Slack が開き、ワークスペースを選んで Tenki を許可します。ボタンは 1 回、10 分間だけ使えます。"
            + "新しいボタンはこのページを再読み込みしてください。",
        installedTitle: "Tenki をインストールしました",
        installed: { "Tenki を \($0) にインストールしました。" },
        tryIt: "どのチャンネルでも /weather Tokyo と入力してみてください。",
        openSlack: { "Slack で \($0) を開く" },
        failures: [
            .stateMissing: ("このリンクは不完全です", "Slack から戻ったリクエストに Tenki の確認情報がありませんでした。"),
            .stateUnknown: ("このインストールリンクは使用済みです", "インストールリンクは 1 回しか使えません。"),
            .stateExpired: ("このインストールリンクは期限切れです", "インストールリンクの有効期間は 10 分です。"),
            .cookieMissing: (
                "ブラウザーがインストールの確認情報を送りませんでした",
                "インストールは開始したブラウザーで、このサイトの Cookie を許可して完了してください。"
            ),
            .cookieMismatch: ("このインストールは別のブラウザーで開始されました", "インストールは開始したブラウザーで完了してください。"),
            .accessDenied: ("Tenki はインストールされませんでした", "Slack でキャンセルが選ばれました。"),
            .exchangeRefused: ("Slack がインストールを確認しませんでした", "Tenki は Slack とのインストール手続きを完了できませんでした。"),
            .teamNotAllowed: (
                "このワークスペースには Tenki をインストールできません",
                "この Tenki は特定のワークスペース専用です。運用している人にワークスペースの追加を依頼してください。"
            ),
        ],
        nothingInstalled: "何もインストールされていません。",
        startAgain: "インストールページからやり直す")
}
