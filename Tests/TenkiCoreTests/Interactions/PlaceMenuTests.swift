import Foundation
import Testing
@testable import TenkiCore

@Suite("The other-places menu")
struct PlaceMenuTests {
    static let places = [
        (title: "Portland, Oregon, US", coordinates: Coordinates(latitude: 45.5152, longitude: -122.6784)),
        (title: "Portland, Maine, US", coordinates: Coordinates(latitude: 43.6591, longitude: -70.2568)),
    ]

    @Test("each option leads to the view on show of that place, in the same units, and reads back")
    func options() throws {
        let part = try #require(WeatherButtons(language: .en).otherPlaces(Self.places, view: .forecast, units: .imperial))
        guard case .menu(let menu) = part else {
            Issue.record("not a menu")
            return
        }
        #expect(menu.actionID == "tenki.weather.place")
        #expect(menu.options.map(\.label) == ["Portland, Oregon, US", "Portland, Maine, US"])
        let chosen = try WeatherButtonValue(encoded: menu.options[1].value)
        #expect(chosen.view == .forecast && chosen.units == .imperial && chosen.title == "Portland, Maine, US")
        #expect(chosen.coordinates == Coordinates(latitude: 43.6591, longitude: -70.2568))
        #expect(WeatherButtons(language: .en).otherPlaces([], view: .now, units: .metric) == nil)
    }

    @Test("Block Kit: one static_select in an actions block, at most 100 options of at most 150 characters, and it reads back")
    func blockKit() throws {
        let many = (0..<150).map { index in
            (title: "Springfield \(index), " + String(repeating: "長", count: index % 3 == 0 ? 100 : 5),
             coordinates: Coordinates(latitude: 39.8, longitude: -89.6))
        }
        let part = try #require(WeatherButtons(language: .ja).otherPlaces(many, view: .now, units: .metric))
        let message = SlackRenderer.render(ChatMessage(summary: .text("x"), parts: [part]))
        let json = String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
        #expect(json.contains(#""type":"static_select""#) && json.contains(#""type":"actions""#))
        guard case .menu(let select) = try #require(message.blocks.first) else {
            Issue.record("not a menu block")
            return
        }
        #expect(select.options.count <= 100 && !select.options.isEmpty)
        #expect(select.options.allSatisfy { $0.value.count <= 150 && $0.text.text.count <= 75 })
        let decoded = try JSONDecoder().decode(SlackMessage.self, from: Data(json.utf8))
        #expect(decoded.blocks == message.blocks)
        #expect(MessageTextRenderer.render(message).contains("[ 同じ名前の他の場所 ▾ ]"))
    }
}
