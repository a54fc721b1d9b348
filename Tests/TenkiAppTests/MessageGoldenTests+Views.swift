import Foundation
import TenkiCore

/// The hourly and air-quality views' goldens (`hourly`, `hourly-stale`, `air-fair`,
/// `air-very-poor-unmeasured`), from fixed samples, in each language.
extension MessageGoldenTests {
    static func viewMessages(_ language: WeatherLanguage) -> [(String, SlackMessage)] {
        let hourly = HourlyMessageFormatter(language: language)
        let air = AirQualityMessageFormatter(language: language)
        let stale = ReplyStrings.table(for: language).asOf(40 * 60)
        return [
            ("hourly", hourly.hourly(
                ViewSamples.steps, utcOffsetSeconds: 25_200, placeTitle: "Da Nang, VN", units: .metric).slack),
            ("hourly-stale", hourly.hourly(
                ViewSamples.steps, utcOffsetSeconds: 25_200, placeTitle: "16.07,108.22", units: .metric,
                staleContext: stale).slack),
            ("air-fair", air.air(ViewSamples.fairAir, placeTitle: "Da Nang, VN").slack),
            ("air-very-poor-unmeasured", air.air(
                ViewSamples.veryPoorAir, placeTitle: "47.61,-122.33", staleContext: stale).slack),
        ]
    }
}

/// Fixed inputs of the view goldens.
enum ViewSamples {
    /// Eight steps from 2026-12-01 00:00 UTC (07:00 in Da Nang): a hot noon, rain, one step without a chance of rain.
    static let steps: [HourlyStep] = {
        let rows: [(Double, Double?, WeatherCondition)] = [
            (27.4, 0.12, MessageSamples.condition(803, "Clouds", "broken clouds", "04d")),
            (30.1, 0.2, MessageSamples.condition(802, "Clouds", "scattered clouds", "03d")),
            (35.2, 0.0, MessageSamples.condition(800, "Clear", "clear sky", "01d")),
            (29.0, 0.72, MessageSamples.condition(501, "Rain", "moderate rain", "10d")),
            (26.8, 0.55, MessageSamples.condition(500, "Rain", "light rain", "10n")),
            (25.9, 0.2, MessageSamples.condition(804, "Clouds", "overcast clouds", "04n")),
            (25.4, nil, MessageSamples.condition(800, "Clear", "clear sky", "01n")),
            (24.9, 0.04, MessageSamples.condition(801, "Clouds", "few clouds", "02n")),
        ]
        return rows.enumerated().map { index, step in
            HourlyStep(
                time: MessageSamples.now.addingTimeInterval(TimeInterval(index * 10_800)), temperature: step.0,
                chanceOfPrecipitation: step.1, condition: step.2)
        }
    }()

    static let fairAir = AirQuality(
        index: .fair, fineParticles: 14.21, coarseParticles: 21.83, ozone: 52.3, nitrogenDioxide: 6.12)

    static let veryPoorAir = AirQuality(
        index: .veryPoor, fineParticles: 168.32, coarseParticles: 201.45, ozone: nil, nitrogenDioxide: 12.34)
}
