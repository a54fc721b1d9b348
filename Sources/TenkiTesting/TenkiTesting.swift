// Fakes shared by tests, demo and `tenki fakes`.
