// The replay examples of replay/*.json, compiled in; DemoTests fails when one drifts from its file.
// To update: change the command, text, description, options or expectation to match the file. Setting
// names are written through the table (`SettingsTable.name`), as everywhere outside it.

/// The replay examples `tenki demo` runs, compiled in so that the release binary shows them from
/// any directory: weather, Japanese, a forecast, a button press, Mattermost, Discord, news, errors, a
/// late answer and a 401.
enum DemoExamples {
    static let files: [(name: String, json: String)] = [
        ("weather-place.json", slashCommand(
            "/weather", text: "Danang",
            description: "/weather with a place name: geocoded, then current weather, in the channel",
            expect: #"""
            {
              "status": 200,
              "response_type": "in_channel",
              "contains": ["Da Nang, VN", "°C"],
              "upstream_calls": ["/geo/1.0/direct", "/data/2.5/weather"]
            }
            """#)),
        ("weather-japanese.json", slashCommand(
            "/weather", text: "東京",
            description: "/weather with a Japanese place name and Japanese replies",
            options: #"""
            "settings": {"\#(SettingsTable.name(\.language))": "ja"}
            """#,
            expect: #"""
            {
              "status": 200,
              "response_type": "in_channel",
              "contains": ["JP", "湿度"],
              "upstream_calls": ["/geo/1.0/direct", "/data/2.5/weather"]
            }
            """#)),
        ("weather-forecast.json", slashCommand(
            "/weather", text: "Danang forecast",
            description: "/weather PLACE forecast: the next days",
            expect: #"""
            {
              "status": 200,
              "response_type": "in_channel",
              "contains": ["the next days"],
              "upstream_calls": ["/geo/1.0/direct", "/data/2.5/weather", "/data/2.5/forecast"]
            }
            """#)),
        ("interaction-forecast-button.json", #"""
            {
              "description": "a press on 5-day under /weather Danang: an empty 200 now, the forecast in place of the message at response_url",
              "request": {
                "path": "/slack/interactions",
                "headers": {
                  "Content-Type": "application/x-www-form-urlencoded",
                  "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
                },
                "form": {
                  "payload": "{\"type\":\"block_actions\",\"user\":{\"id\":\"U0TENKIDEMO\",\"username\":\"demo\",\"team_id\":\"T0TENKI\"},\"api_app_id\":\"A0TENKI\",\"container\":{\"type\":\"message\",\"message_ts\":\"1796149378.000001\",\"channel_id\":\"C0TENKI\",\"is_ephemeral\":false},\"team\":{\"id\":\"T0TENKI\",\"domain\":\"tenki-demo\"},\"channel\":{\"id\":\"C0TENKI\",\"name\":\"general\"},\"response_url\":\"{response_url}\",\"actions\":[{\"action_id\":\"tenki.weather.forecast\",\"block_id\":\"tenki\",\"type\":\"button\",\"value\":\"w1;now;16.0544;108.2022;metric;en;Da Nang, VN\",\"action_ts\":\"1796149378.143741\"}]}"
                }
              },
              "expect": {
                "status": 200,
                "response_type": "none",
                "body": "",
                "response_url": {
                  "response_type": "in_channel",
                  "contains": [
                    "Da Nang, VN: the next days",
                    "Show in °F"
                  ]
                },
                "upstream_calls": [
                  "/data/2.5/forecast",
                  "/data/2.5/weather"
                ]
              }
            }
            """#),
        ("mattermost-weather.json", #"""
            {
              "description": "a Mattermost slash command: authenticated by its token, answered in Mattermost's Markdown (no Block Kit)",
              "settings": {
                "\#(SettingsTable.name(\.mattermostTokens))": "xr3j5x3p4pfk7kk6ck7b4e6ghh"
              },
              "request": {
                "path": "/mattermost/commands",
                "headers": {
                  "Content-Type": "application/x-www-form-urlencoded",
                  "User-Agent": "Mattermost-Bot/1.1"
                },
                "form": {
                  "channel_id": "cniah6qa73bjjjan6mzn11f4ie",
                  "channel_name": "town-square",
                  "command": "/weather",
                  "response_url": "{response_url}",
                  "team_domain": "someteam",
                  "team_id": "rdc9bgriktyx9p4kowh3dmgqyc",
                  "text": "Danang",
                  "token": "xr3j5x3p4pfk7kk6ck7b4e6ghh",
                  "user_id": "c3a4cqe3dfy6dgopqt8ai3hydh",
                  "user_name": "somename"
                }
              },
              "signing": "none",
              "expect": {
                "status": 200,
                "response_type": "in_channel",
                "contains": [
                  "Da Nang, VN",
                  "°C"
                ],
                "not_contains": [
                  "\"blocks\""
                ],
                "upstream_calls": [
                  "/geo/1.0/direct",
                  "/data/2.5/weather"
                ]
              }
            }
            """#),
        ("discord-weather.json", #"""
            {
              "description": "Discord's /weather place:Danang: answered with type 4 and an embed with buttons, nothing pings anyone, no Block Kit",
              "request": {
                "path": "/discord/interactions",
                "headers": {
                  "Content-Type": "application/json",
                  "User-Agent": "Discord-Interactions/1.0 (+https://discord.com)"
                },
                "body": "{\"id\":\"1200000000000000002\",\"application_id\":\"1100000000000000001\",\"token\":\"aW50ZXJhY3Rpb246ZXhhbXBsZTI\",\"guild_id\":\"1400000000000000001\",\"channel_id\":\"1500000000000000001\",\"member\":{\"user\":{\"id\":\"1000000000000000001\",\"username\":\"example\"}},\"locale\":\"en-US\",\"version\":1,\"type\":2,\"data\":{\"id\":\"1300000000000000001\",\"name\":\"weather\",\"type\":1,\"options\":[{\"name\":\"place\",\"type\":3,\"value\":\"Danang\"}]}}"
              },
              "signing": "discord",
              "expect": {
                "status": 200,
                "response_type": "none",
                "contains": [
                  "\"type\":4",
                  "Da Nang, VN",
                  "\"embeds\"",
                  "\"allowed_mentions\":{\"parse\":[]}",
                  "tenki.weather.forecast:"
                ],
                "not_contains": [
                  "\"blocks\""
                ],
                "upstream_calls": [
                  "/geo/1.0/direct",
                  "/data/2.5/weather"
                ]
              }
            }
            """#),
        ("news-top.json", slashCommand(
            "/news", text: "",
            description: "/news without words: top headlines",
            expect: #"""
            {
              "status": 200,
              "response_type": "in_channel",
              "contains": ["Top headlines"],
              "upstream_calls": ["/v2/top-headlines"]
            }
            """#)),
        ("news-category.json", slashCommand(
            "/news", text: "tech",
            description: "/news with a category name: top headlines of that category",
            expect: #"""
            {
              "status": 200,
              "response_type": "in_channel",
              "contains": ["technology"],
              "upstream_calls": ["/v2/top-headlines"]
            }
            """#)),
        ("news-feeds.json", slashCommand(
            "/news", text: "",
            description: "/news when the deployment reads RSS and Atom feeds: the newest items of all feeds, merged",
            options: #"""
            "settings": {
              "\#(SettingsTable.name(\.newsFeeds))": "vnexpress={upstream}/feeds/vnexpress.rss;nhk={upstream}/feeds/nhk.xml;blog={upstream}/feeds/blog.atom",
              "\#(SettingsTable.name(\.newsFeedsAllowPrivate))": "on"
            }
            """#,
            expect: #"""
            {
              "status": 200,
              "response_type": "in_channel",
              "contains": ["Latest news", "Đà Nẵng", "東京都心で初雪"],
              "upstream_calls": ["/feeds/vnexpress.rss", "/feeds/nhk.xml", "/feeds/blog.atom"]
            }
            """#)),
        ("weather-unknown-place.json", slashCommand(
            "/weather", text: "Atlantis",
            description: "/weather with a place OpenWeatherMap does not know: a friendly, private answer",
            expect: #"""
            {
              "status": 200,
              "response_type": "ephemeral",
              "contains": ["couldn't find", "Atlantis"],
              "upstream_calls": ["/geo/1.0/direct"]
            }
            """#)),
        ("error-weather-unauthorized.json", slashCommand(
            "/weather", text: "Danang",
            description: "OpenWeatherMap refuses the key (401): a message for an admin, never the key",
            options: #"""
            "scenario": "unauthorized"
            """#,
            expect: #"""
            {
              "status": 200,
              "response_type": "ephemeral",
              "contains": ["admin"],
              "upstream_calls": ["/geo/1.0/direct"],
              "not_contains": ["replay-key"]
            }
            """#)),
        ("late-answer-slow-upstream.json", slashCommand(
            "/weather", text: "Danang",
            description: "a slow upstream misses the inline budget: a placeholder now, the answer at response_url",
            options: #"""
            "scenario": "slow",
            "upstream_latency_ms": 400,
            "settings": {"\#(SettingsTable.name(\.inlineBudget))": "200"}
            """#,
            expect: #"""
            {
              "status": 200,
              "response_type": "ephemeral",
              "contains": ["Looking up Danang"],
              "response_url": {"response_type": "in_channel", "contains": ["Da Nang, VN"]},
              "upstream_calls": ["/geo/1.0/direct", "/data/2.5/weather"]
            }
            """#)),
        ("bad-unsigned.json", slashCommand(
            "/weather", text: "Danang",
            description: "no signature: 401, and the command is not run",
            options: #"""
            "signing": "none"
            """#,
            expect: #"""
            {
              "status": 401,
              "response_type": "none",
              "contains": ["invalid Slack signature"],
              "upstream_calls": []
            }
            """#)),
    ]

    /// A replay file's text for a slash command from the demo workspace's #general, signed unless
    /// `options` says otherwise. `options` are further top-level members (`"scenario": "slow"`);
    /// `expect` is the `expect` object.
    static func slashCommand(
        _ command: String, text: String, description: String, options: String = "", expect: String
    ) -> String {
        #"""
        {
          "description": "\#(description)",
          \#(options.isEmpty ? "" : options + ",")
          "request": {
            "headers": {
              "Content-Type": "application/x-www-form-urlencoded",
              "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
            },
            "form": {
              "api_app_id": "A0TENKI",
              "channel_id": "C0TENKI",
              "channel_name": "general",
              "command": "\#(command)",
              "is_enterprise_install": "false",
              "response_url": "{response_url}",
              "team_domain": "tenki-demo",
              "team_id": "T0TENKI",
              "text": "\#(text)",
              "user_id": "U0TENKIDEMO",
              "user_name": "demo"
            }
          },
          "expect": \#(expect)
        }
        """#
    }
}
