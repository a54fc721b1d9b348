import Foundation
import Testing
@testable import TenkiCore

@Suite("Discord renderer")
struct DiscordRendererTests {
    @Test func weatherIsOneEmbedWithFieldsThumbnailFooterAndButtons() throws {
        let message = RenderingSamples.weather.discord
        let embed = try #require(message.embeds.first)
        #expect(message.embeds.count == 1)
        #expect(embed.title == "☀️ Da Nang, VN")
        #expect(embed.description == "**31 °C**  Clear sky")
        #expect(embed.fields.map(\.name) == ["Humidity", "Wind"])
        #expect(embed.thumbnail?.url == "https://openweathermap.org/img/wn/01d@2x.png")
        #expect(embed.footer?.text == "Local time 14:05 (UTC+07:00)\nData: OpenWeatherMap")
        #expect(message.components.first?.components.map(\.customID) == ["tenki.weather.hourly:Da Nang|metric", "tenki.weather.now:Da Nang|metric"])
        #expect(message.flags == nil)
        #expect(try RenderingSamples.json(message).contains(#""allowed_mentions":{"parse":[]}"#))
    }

    @Test func aNoticeIsEphemeralContent() {
        let notice = ChatMessage(summary: .text("x"), parts: [.paragraph(.markup("⚠️ *Oops*"), image: nil)], visibility: .ephemeral)
        #expect(notice.discord.content == "⚠️ **Oops**")
        #expect(notice.discord.embeds.isEmpty)
        #expect(notice.discord.flags == 64)
    }

    @Test func contentAndDescriptionAtTheirLimitsAreKeptAndOneMoreIsCut() throws {
        func notice(_ count: Int) -> DiscordMessage {
            ChatMessage(summary: .text("s"), parts: [.paragraph(.text(String(repeating: "a", count: count)), image: nil)]).discord
        }
        #expect(notice(2_000).content?.count == 2_000)
        #expect(notice(2_001).content.map(MarkdownText.length) == 2_000)
        #expect(notice(2_001).content?.hasSuffix("…") == true)
        func embed(_ count: Int) throws -> DiscordMessage.Embed {
            try #require(ChatMessage(
                summary: .text("s"), parts: [.title("T"), .paragraph(.text(String(repeating: "a", count: count)), image: nil)]
            ).discord.embeds.first)
        }
        #expect(try embed(4_096).description?.count == 4_096)
        #expect(try embed(4_097).description.map(MarkdownText.length) == 4_096)
    }

    @Test func fieldsStopAt25AndTheEmbedAt6000Characters() throws {
        let few = (0..<30).map { ChatField(name: "n\($0)", value: .text("v")) }
        let fewEmbed = try #require(ChatMessage(summary: .text("s"), parts: [.fields(few)]).discord.embeds.first)
        #expect(fewEmbed.fields.count == 25)
        let long = (0..<25).map { _ in ChatField(name: String(repeating: "n", count: 300), value: .text(String(repeating: "v", count: 2_000))) }
        let message = ChatMessage(
            summary: .text("s"),
            parts: [.title(String(repeating: "t", count: 300)), .fields(long), .paragraph(.text(String(repeating: "d", count: 5_000)), image: nil)])
        let embed = try #require(message.discord.embeds.first)
        #expect(embed.title.map(MarkdownText.length) == 256)
        #expect(embed.fields.allSatisfy { MarkdownText.length($0.name) <= 256 && MarkdownText.length($0.value) <= 1_024 })
        #expect(embed.countedLength <= 6_000)
    }

    @Test func buttonsGoInRowsOfFiveAndAnIdOver100CharactersIsLeftOut() {
        var buttons = (0..<12).map { ChatButton(actionID: "tenki.weather.now", label: "B\($0)", value: "v\($0)") }
        buttons.append(ChatButton(actionID: "tenki.weather.now", label: "long", value: String(repeating: "x", count: 83)))
        buttons.append(ChatButton(actionID: "tenki.weather.now", label: "edge", value: String(repeating: "x", count: 82)))
        let rows = ChatMessage(summary: .text("s"), parts: [.title("t"), .buttons(buttons)]).discord.components
        #expect(rows.map(\.components.count) == [5, 5, 3])
        #expect(!rows.flatMap(\.components).contains { $0.label == "long" })
        #expect(rows.flatMap(\.components).last?.customID.count == 100)
    }

    @Test("random hostile messages stay within Discord's limits and ping nobody", arguments: 0..<100)
    func hostileMessagesStayWithinTheLimits(seed: Int) throws {
        let message = RenderingSamples.hostileMessage(seed: UInt64(seed)).discord
        #expect(message.content.map(MarkdownText.length) ?? 0 <= DiscordLimits.content)
        #expect(message.embeds.count <= DiscordLimits.embeds)
        #expect(message.embeds.reduce(0) { $0 + $1.countedLength } <= DiscordLimits.embedCharacters)
        for embed in message.embeds {
            #expect(embed.description.map(MarkdownText.length) ?? 0 <= DiscordLimits.embedDescription)
            #expect(embed.fields.count <= DiscordLimits.fields)
            #expect(embed.footer.map { MarkdownText.length($0.text) } ?? 0 <= DiscordLimits.footerText)
        }
        #expect(message.components.count <= DiscordLimits.actionRows)
        #expect(message.components.allSatisfy { $0.components.count <= DiscordLimits.buttonsPerRow })
        #expect(message.components.flatMap(\.components).allSatisfy { $0.customID.utf16.count <= DiscordLimits.customID })
        // custom_ids are never shown; everything else is.
        let shown = try RenderingSamples.json(message.embeds) + (message.content ?? "")
            + message.components.flatMap(\.components).map(\.label).joined(separator: "\n")
        #expect(!RenderingSamples.pings(shown))
    }
}
