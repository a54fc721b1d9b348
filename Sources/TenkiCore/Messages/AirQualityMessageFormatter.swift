import Foundation

/// The air quality at a place: the index with its name and coloured marker, then PM2.5, PM10, O₃
/// and NO₂ in µg/m³ (a pollutant not measured reads as unavailable). Pure.
public struct AirQualityMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public var viewStrings: WeatherViewStrings
    public var visibility: ChatMessage.Visibility

    public static let unit = "µg/m³"

    public init(language: WeatherLanguage, visibility: ChatMessage.Visibility = .inChannel) {
        self.strings = .table(for: language)
        self.viewStrings = .table(for: language)
        self.visibility = visibility
    }

    /// - Parameters:
    ///   - placeTitle: the place as the user should read it (`Da Nang, VN`, or the coordinates).
    ///   - staleContext: set when the answer is an older one served because the provider failed.
    public func air(_ air: AirQuality, placeTitle: String, staleContext: String? = nil) -> ChatMessage {
        let title = ReplyStrings.fill(viewStrings.airTitle, ["place": placeTitle])
        let index = ReplyStrings.fill(viewStrings.airIndex, [
            "index": String(air.index.rawValue), "name": viewStrings.name(of: air.index),
        ])
        var context: [RichText] = [.markup(viewStrings.airScale), .markup(strings.dataSource)]
        if let staleContext { context.insert(.markup(staleContext), at: 0) }
        let parts: [ChatMessage.Part] = [
            .title("💨 " + title),
            .paragraph(.text(air.index.marker + " ") + .bold(index), image: nil),
            .fields(fields(for: air)),
            .context(context),
        ]
        let summary = "💨 \(title): \(air.index.marker) \(index), PM2.5 \(concentration(air.fineParticles))"
        return ChatMessage(summary: .text(summary), parts: parts, visibility: visibility)
    }

    func fields(for air: AirQuality) -> [ChatField] {
        [
            ("PM2.5", air.fineParticles), ("PM10", air.coarseParticles), ("O₃", air.ozone), ("NO₂", air.nitrogenDioxide),
        ].map { name, value in ChatField(name: name, value: .text(concentration(value))) }
    }

    /// `68.7 µg/m³`, or the unavailable word.
    func concentration(_ value: Double?) -> String {
        guard let value else { return viewStrings.unavailable }
        return "\(WeatherMessageFormatter.decimal(value)) \(Self.unit)"
    }
}
