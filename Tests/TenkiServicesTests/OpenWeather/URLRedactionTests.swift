import Testing

@testable import TenkiProviders

@Suite("URL redaction")
struct URLRedactionTests {
    @Test(arguments: [
        (
            "https://api.openweathermap.org/data/2.5/weather?lat=1&lon=2&appid=SECRET",
            "https://api.openweathermap.org/data/2.5/weather?lat=1&lon=2&appid=REDACTED"
        ),
        (
            "https://newsapi.org/v2/top-headlines?apiKey=SECRET&country=us",
            "https://newsapi.org/v2/top-headlines?apiKey=REDACTED&country=us"
        ),
        ("https://x.test/?APPID=SECRET&apikey=SECRET2#frag", "https://x.test/?APPID=REDACTED&apikey=REDACTED#frag"),
        ("https://x.test/?app%69d=SECRET", "https://x.test/?app%69d=REDACTED"),
        ("https://x.test/?appid", "https://x.test/?appid=REDACTED"),
        ("https://x.test/?q=appid&myappid=1&appidx=2", "https://x.test/?q=appid&myappid=1&appidx=2"),
        ("https://x.test/path", "https://x.test/path"),
        ("https://x.test/path?", "https://x.test/path?"),
    ])
    func redacts(input: String, expected: String) {
        #expect(URLRedaction.redactingSecrets(in: input) == expected)
    }
}
