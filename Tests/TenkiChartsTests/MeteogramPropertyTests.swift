import Testing

@testable import TenkiCharts

/// Random forecasts (missing steps, a single step, a single day, −60 °C and +55 °C, 0 % and 100 %
/// rain, any offset) all render, and everything of their layout lies within the picture.
@Suite struct MeteogramPropertyTests {
    static func randomMeteogram(_ random: inout SeededGenerator) -> Meteogram {
        let count = [1, 2, 8, 40, Meteogram.maximumSamples, Int.random(in: 1...Meteogram.maximumSamples, using: &random)]
            .randomElement(using: &random)!
        let extremes = [-60.0, 55.0, 0.0]
        var time = SampleMeteograms.start + Int64.random(in: -86_400...86_400, using: &random)
        var samples: [Meteogram.Sample] = []
        for _ in 0..<count {
            let temperature = Bool.random(using: &random) ? extremes.randomElement(using: &random)! : Double.random(in: -60...55, using: &random)
            let chance: Double? = [nil, 0, 1, Double.random(in: 0...1, using: &random)].randomElement(using: &random)!
            samples.append(Meteogram.Sample(time: time, temperature: temperature, chanceOfRain: chance))
            time += 10_800 * Int64([1, 1, 1, 2, 5].randomElement(using: &random)!)  // some steps missing
        }
        return Meteogram(
            samples: samples, unit: Meteogram.TemperatureUnit.allCases.randomElement(using: &random)!,
            language: Meteogram.Language.allCases.randomElement(using: &random)!,
            utcOffsetSeconds: Int.random(in: -12...14, using: &random) * 3600 + [0, 1800, 2700].randomElement(using: &random)!)
    }

    @Test func randomForecastsRenderWithinThePicture() throws {
        var random = SeededGenerator(state: 37)
        let plot = MeteogramLayout.plot
        for _ in 0..<200 {
            let meteogram = try Self.randomMeteogram(&random).validated()
            let layout = MeteogramLayout(meteogram)
            #expect(layout.points.count == meteogram.samples.count)
            for point in layout.points { #expect(plot.contains(point), "\(point) of \(meteogram)") }
            for bar in layout.bars {
                #expect(bar.left >= plot.left && bar.right <= plot.right && bar.top >= plot.top && bar.bottom <= plot.bottom)
            }
            for label in layout.labels {
                let frame = label.frame
                #expect(frame.left >= 0 && frame.top >= 0 && frame.right <= MeteogramLayout.width && frame.bottom <= MeteogramLayout.height, "\(label)")
                #expect(label.text.allSatisfy(BitmapFont.hasGlyph))
            }
            let canvas = MeteogramRenderer.canvas(meteogram)
            #expect(canvas.pixels.count == MeteogramLayout.width * MeteogramLayout.height * 3)
        }
    }

    @Test func theLimitsOfTheURLStillFitThePicture() {
        let limit = Meteogram.temperatureLimit
        for unit in Meteogram.TemperatureUnit.allCases {
            let meteogram = Meteogram(
                samples: [
                    Meteogram.Sample(time: 0, temperature: -limit, chanceOfRain: 1),
                    Meteogram.Sample(time: 10_800, temperature: limit, chanceOfRain: 0),
                ],
                unit: unit, language: .ja, utcOffsetSeconds: -18 * 3600)
            for label in MeteogramLayout(meteogram).labels {
                #expect(label.frame.left >= 0 && label.frame.right <= MeteogramLayout.width, "\(label)")
            }
        }
    }

    @Test func invalidMeteogramsAreRefused() {
        let sample = Meteogram.Sample(time: 0, temperature: 20, chanceOfRain: 0.5)
        func problem(_ samples: [Meteogram.Sample], offset: Int = 0) -> Meteogram.Problem? {
            do { _ = try Meteogram(samples: samples, unit: .celsius, language: .en, utcOffsetSeconds: offset).validated() }
            catch { return error }
            return nil
        }
        #expect(problem([]) == .noSamples)
        #expect(problem([sample, sample]) == .timesOutOfOrder)
        #expect(problem([Meteogram.Sample(time: 0, temperature: .nan, chanceOfRain: nil)]) == .temperatureOutOfRange)
        #expect(problem([Meteogram.Sample(time: 0, temperature: 1, chanceOfRain: 1.5)]) == .chanceOutOfRange)
        #expect(problem([sample], offset: 19 * 3600) == .offsetOutOfRange)
        #expect(problem(Array(repeating: sample, count: Meteogram.maximumSamples + 1)) == .tooManySamples)
        #expect(problem([sample]) == nil)
    }
}
