// Copies of replay/*.json, compiled in; DemoExamplesTests fails when a copy drifts from its file.
// To update: paste the file's text between the delimiters unchanged.

/// The replay examples `tenki demo` runs, compiled in so that the release binary shows them from
/// any directory: weather, Japanese, a forecast, news, errors, a late answer and a 401.
enum DemoExamples {
    static let files: [(name: String, json: String)] = [
        ("weather-place.json", #"""
{
  "description": "/weather with a place name: geocoded, then current weather, in the channel",
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/weather",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "Danang",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "in_channel",
    "contains": [
      "Da Nang, VN",
      "°C"
    ],
    "upstream_calls": [
      "/geo/1.0/direct",
      "/data/2.5/weather"
    ]
  }
}
"""#),
        ("weather-japanese.json", #"""
{
  "description": "/weather with a Japanese place name and Japanese replies",
  "settings": {
    "TENKI_LANG": "ja"
  },
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/weather",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "東京",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "in_channel",
    "contains": [
      "JP",
      "湿度"
    ],
    "upstream_calls": [
      "/geo/1.0/direct",
      "/data/2.5/weather"
    ]
  }
}
"""#),
        ("weather-forecast.json", #"""
{
  "description": "/weather PLACE forecast: the next days",
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/weather",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "Danang forecast",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "in_channel",
    "contains": [
      "the next days"
    ],
    "upstream_calls": [
      "/geo/1.0/direct",
      "/data/2.5/weather",
      "/data/2.5/forecast"
    ]
  }
}
"""#),
        ("news-top.json", #"""
{
  "description": "/news without words: top headlines",
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/news",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "in_channel",
    "contains": [
      "Top headlines"
    ],
    "upstream_calls": [
      "/v2/top-headlines"
    ]
  }
}
"""#),
        ("news-category.json", #"""
{
  "description": "/news with a category name: top headlines of that category",
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/news",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "tech",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "in_channel",
    "contains": [
      "technology"
    ],
    "upstream_calls": [
      "/v2/top-headlines"
    ]
  }
}
"""#),
        ("weather-unknown-place.json", #"""
{
  "description": "/weather with a place OpenWeatherMap does not know: a friendly, private answer",
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/weather",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "Atlantis",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "ephemeral",
    "contains": [
      "couldn't find",
      "Atlantis"
    ],
    "upstream_calls": [
      "/geo/1.0/direct"
    ]
  }
}
"""#),
        ("error-weather-unauthorized.json", #"""
{
  "description": "OpenWeatherMap refuses the key (401): a message for an admin, never the key",
  "scenario": "unauthorized",
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/weather",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "Danang",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "ephemeral",
    "contains": [
      "admin"
    ],
    "upstream_calls": [
      "/geo/1.0/direct"
    ],
    "not_contains": [
      "replay-key"
    ]
  }
}
"""#),
        ("late-answer-slow-upstream.json", #"""
{
  "description": "a slow upstream misses the inline budget: a placeholder now, the answer at response_url",
  "scenario": "slow",
  "upstream_latency_ms": 400,
  "settings": {
    "TENKI_INLINE_BUDGET_MS": "200"
  },
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/weather",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "Danang",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "expect": {
    "status": 200,
    "response_type": "ephemeral",
    "contains": [
      "Looking up Danang"
    ],
    "response_url": {
      "response_type": "in_channel",
      "contains": [
        "Da Nang, VN"
      ]
    },
    "upstream_calls": [
      "/geo/1.0/direct",
      "/data/2.5/weather"
    ]
  }
}
"""#),
        ("bad-unsigned.json", #"""
{
  "description": "no signature: 401, and the command is not run",
  "request": {
    "headers": {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)"
    },
    "form": {
      "api_app_id": "A0TENKI",
      "channel_id": "C0TENKI",
      "channel_name": "general",
      "command": "/weather",
      "is_enterprise_install": "false",
      "response_url": "{response_url}",
      "team_domain": "tenki-demo",
      "team_id": "T0TENKI",
      "text": "Danang",
      "user_id": "U0TENKIDEMO",
      "user_name": "demo"
    }
  },
  "signing": "none",
  "expect": {
    "status": 401,
    "response_type": "none",
    "contains": [
      "invalid Slack signature"
    ],
    "upstream_calls": []
  }
}
"""#),
    ]
}
