#!/usr/bin/env python3
"""Sends N signed `/weather danang` slash commands over one keep-alive connection, one at a time.

The cost guard (bench/cost-guard.sh) counts the server's instructions around this client, so the
client is deliberately plain: a fixed number of requests, each sent only after the previous answer
arrived, each checked (200, JSON, the Da Nang answer). The request is the one the benchmarks send
(a full slash-command form, signed with Slack's v0 scheme under $SLACK_SIGNING_SECRET).

usage: cost_client.py PORT COUNT
Exit 0 when every answer was right; 1 (naming the first wrong one) otherwise.
"""
import hashlib
import hmac
import http.client
import os
import sys
import time
from urllib.parse import urlencode

FIELDS = [
    ("token", "gIkuvaNzQIHg97ATvDxqgjtO"),
    ("team_id", "T0001"),
    ("team_domain", "example"),
    ("channel_id", "C2147483705"),
    ("channel_name", "general"),
    ("user_id", "U2147483697"),
    ("user_name", "steve"),
    ("command", "/weather"),
    ("text", "danang"),
    ("api_app_id", "A123456"),
    ("response_url", "https://hooks.slack.com/commands/1234/5678"),
    ("trigger_id", "13345224609.738474920.8088930838d88f008e0"),
]


def signed_request():
    body = urlencode(FIELDS)
    timestamp = str(int(time.time()))
    secret = os.environ.get("SLACK_SIGNING_SECRET", "benchsecret").encode()
    digest = hmac.new(secret, f"v0:{timestamp}:{body}".encode(), hashlib.sha256).hexdigest()
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Slack-Request-Timestamp": timestamp,
        "X-Slack-Signature": "v0=" + digest,
    }
    return body, headers


def main():
    port, count = int(sys.argv[1]), int(sys.argv[2])
    body, headers = signed_request()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for number in range(1, count + 1):
        connection.request("POST", "/slack/commands", body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        if response.status != 200 or b"Da Nang" not in answer:
            print(f"cost_client: request {number} answered {response.status}: {answer[:200]!r}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
