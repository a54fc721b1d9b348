// API clients and Slack verification.
