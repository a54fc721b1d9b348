import Foundation
import TenkiCharts
import TenkiCore

extension Meteogram {
    /// The chart of a forecast's steps (the hourly view's 8, or the 5-day view's up to 40), in the
    /// answer's units and language; nil when there is nothing to draw.
    init?(steps: [HourlyStep], utcOffsetSeconds: Int?, units: Units, language: WeatherLanguage) {
        let samples = steps.prefix(Meteogram.maximumSamples).map {
            Meteogram.Sample(
                time: Int64($0.time.timeIntervalSince1970.rounded()), temperature: $0.temperature,
                chanceOfRain: $0.chanceOfPrecipitation.map { min(1, max(0, $0)) })
        }
        let unit: TemperatureUnit = switch units {
        case .metric: .celsius
        case .imperial: .fahrenheit
        case .standard: .kelvin
        }
        guard let meteogram = try? Meteogram(
            samples: Array(samples), unit: unit, language: language == .ja ? .ja : .en,
            utcOffsetSeconds: utcOffsetSeconds ?? 0
        ).validated() else { return nil }
        self = meteogram
    }

    /// The steps of the 5-day view's chart: every entry of the forecast from the one under way.
    static func forecastSteps(_ forecast: Forecast, now: Date) -> [HourlyStep] {
        forecast.entries.filter { $0.time.addingTimeInterval(10_800) > now }.map {
            HourlyStep(time: $0.time, temperature: $0.temperature, chanceOfPrecipitation: $0.precipitationProbability, condition: nil)
        }
    }
}

extension ChartLinks {
    /// A digest's or subscription report's chart: the first city's next 24 hours.
    func digestChart(_ forecast: Forecast, units: Units, language: WeatherLanguage, now: Date) -> ChatMessage.Part? {
        part(
            Meteogram(
                steps: HourlyStep.next24Hours(of: forecast, now: now), utcOffsetSeconds: forecast.utcOffsetSeconds,
                units: units, language: language),
            name: "digest")
    }

    /// The chart part of an answer, or nil when charts are off or the URL would be too long.
    func part(_ meteogram: Meteogram?, name: String) -> ChatMessage.Part? {
        guard let meteogram, let url = url(for: meteogram, name: name) else { return nil }
        return .chart(ChatImage(url: url, altText: MeteogramAltText.describe(meteogram)))
    }
}
