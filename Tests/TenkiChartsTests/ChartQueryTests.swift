import Testing

@testable import TenkiCharts

@Suite struct ChartQueryTests {
    @Test func aMeteogramSurvivesItsQueryIncludingMissingSteps() throws {
        var meteogram = SampleMeteograms.danang
        meteogram.samples.remove(at: 2)
        meteogram.samples[0].chanceOfRain = nil
        let query = ChartQuery.encode(meteogram)
        #expect(query.hasPrefix("v=1&u=c&l=en&z=25200&t=1796342400&s=10800&d=240,265_20,,315_40,"))
        #expect(try ChartQuery.decode(query[...]) == meteogram)
        let fiveDays = ChartQuery.encode(SampleMeteograms.fiveDays)
        #expect(try ChartQuery.decode(fiveDays[...]) == SampleMeteograms.fiveDays)
        #expect(fiveDays.utf8.count < 400)
    }

    @Test(arguments: [
        "", "v=2&u=c&l=en&z=0&t=0&s=10800&d=1", "v=1&u=x&l=en&z=0&t=0&s=10800&d=1", "v=1&u=c&l=de&z=0&t=0&s=10800&d=1",
        "v=1&u=c&l=en&z=0&t=0&s=10800&d=a", "v=1&u=c&l=en&z=0&t=0&s=10800&d=1_x", "v=1&u=c&l=en&z=0&t=0&s=10800&d=1&x=2",
        "u=c&v=1&l=en&z=0&t=0&s=10800&d=1", "v=1&u=c&l=en&z=0&t=0&s=0&d=1",
    ])
    func malformedQueriesAreRefused(_ query: String) {
        #expect(throws: ChartQuery.Problem.malformed) { try ChartQuery.decode(query[...]) }
    }

    @Test func undrawableQueriesAreRefused() {
        #expect(throws: ChartQuery.Problem.invalid(.noSamples)) { try ChartQuery.decode("v=1&u=c&l=en&z=0&t=0&s=10800&d=,"[...]) }
        #expect(throws: ChartQuery.Problem.invalid(.chanceOutOfRange)) {
            try ChartQuery.decode("v=1&u=c&l=en&z=0&t=0&s=10800&d=10_150"[...])
        }
        let tooMany = Array(repeating: "1", count: Meteogram.maximumSamples + 1).joined(separator: ",")
        #expect(throws: ChartQuery.Problem.invalid(.tooManySamples)) {
            try ChartQuery.decode("v=1&u=c&l=en&z=0&t=0&s=10800&d=\(tooMany)"[...])
        }
    }

    @Test func altTextStatesTheRangeAndWhenRainIsLikely() {
        #expect(MeteogramAltText.describe(SampleMeteograms.danang)
            == "Chart: temperatures from 24°C to 32°C; rain likely from Fri 19:00 to Sat 04:00 (up to 90%).")
        var dry = SampleMeteograms.danang
        dry.language = .ja
        dry.samples = dry.samples.map { Meteogram.Sample(time: $0.time, temperature: $0.temperature, chanceOfRain: 0.1) }
        #expect(MeteogramAltText.describe(dry) == "グラフ: 気温 24°C〜32°C、雨の可能性は低い (最大 10%)。")
    }
}
