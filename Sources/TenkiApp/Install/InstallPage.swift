import Foundation
import TenkiCore

/// The HTML pages of the install flow: the page with the "Add to Slack" link, the page after a
/// successful install, and one page per failure. Pure: the routes choose the page, the language
/// (`AcceptLanguage.preferred`) and send `html` with `status` and `headers`.
///
/// Small and accessible: one `<main>` with an `<h1>`, the document's `lang`, links with text that
/// says where they go, a focus outline, colours with at least 7:1 contrast, and no external
/// assets (no fonts, images or scripts: the style is inline). Every value from outside (a
/// workspace's name, URLs) is escaped.
struct InstallPage: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// The start: a link to Slack's authorize page (`SlackAuthorizeLink`).
        case install(authorizeLink: URL)
        /// Installed in `teamName`; `slackLink` opens the workspace in Slack.
        case installed(teamName: String, slackLink: URL)
        /// Not installed; `installPage` is where to start again (`/slack/install`).
        case failed(InstallFailure, installPage: String)
    }

    var kind: Kind
    var language: WeatherLanguage

    var status: Int {
        if case .failed(let failure, _) = kind { return failure.status }
        return 200
    }

    /// The headers every page goes with: never cached (the install page holds a single-use
    /// `state`), nothing loaded from elsewhere, never framed.
    static let headers: [(name: String, value: String)] = [
        ("Content-Type", "text/html; charset=utf-8"),
        ("Cache-Control", "no-store"),
        (
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// A workspace's page in the Slack web client.
    static func slackLink(team: String) -> URL? {
        URL(string: "https://app.slack.com/client/" + (team.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
    }

    var html: String {
        let strings = InstallPageStrings.table(for: language)
        let (title, body): (String, [String])
        switch kind {
        case .install(let link):
            title = strings.installTitle
            body = [
                "<p>\(escape(strings.installIntro))</p>",
                "<p><a class=\"button\" href=\"\(escape(link.absoluteString))\">\(escape(strings.addToSlack))</a></p>",
                "<h2>\(escape(strings.permissionsHeading))</h2>",
                "<ul>" + strings.permissions.map { "<li>\(escape($0))</li>" }.joined() + "</ul>",
                "<p class=\"note\">\(escape(strings.installNote))</p>",
            ]
        case .installed(let team, let slackLink):
            title = strings.installedTitle
            body = [
                "<p>\(escape(strings.installed(team)))</p>",
                "<p>\(escape(strings.tryIt))</p>",
                "<p><a class=\"button\" href=\"\(escape(slackLink.absoluteString))\">\(escape(strings.openSlack(team)))</a></p>",
            ]
        case .failed(let failure, let installPage):
            let words = strings.failures[failure] ?? (title: failure.rawValue, text: "")
            title = words.title
            body = [
                // Japanese sentences follow each other without a space.
                "<p role=\"alert\">\(escape(words.text + (language == .ja ? "" : " ") + strings.nothingInstalled))</p>",
                "<p><a href=\"\(escape(installPage))\">\(escape(strings.startAgain))</a></p>",
            ]
        }
        return """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(escape(title)) · Tenki</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            <h1>\(escape(title))</h1>
            \(body.joined(separator: "\n"))
            </main>
            </body>
            </html>

            """
    }

    /// Readable on any screen, in the system's fonts; the button is a link (no script, no form).
    static let style =
        "body{margin:0;font:1.0625rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}"
        + "main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;line-height:1.25}h2{font-size:1.125rem}"
        + "a{color:#0b4f8a}a:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}"
        + ".button{display:inline-block;padding:.625rem 1.25rem;border-radius:.375rem;background:#4a154b;color:#fff;"
        + "font-weight:600;text-decoration:none}.note{color:#3d3d3d;font-size:.9375rem}"

    /// Text or an attribute value as HTML: `&`, `<`, `>`, `"` and `'` as entities.
    private func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
