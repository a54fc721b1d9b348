import Foundation
import Testing
import TenkiCore
import TenkiTestSupport

@Suite("Slack renderer")
struct SlackRendererTests {
    @Test func buttonsBecomeAnActionsBlock() throws {
        let json = try RenderingSamples.json(RenderingSamples.weather.slack)
        #expect(json.contains(#"{"elements":[{"action_id":"tenki.weather.hourly","text":{"emoji":true,"text":"Hourly","type":"plain_text"},"type":"button","value":"Da Nang|metric"},"#))
        #expect(json.contains(#""style":"primary""#))
    }

    @Test("random hostile messages stay within Block Kit's limits and ping nobody", arguments: 0..<100)
    func hostileMessagesStayWithinTheLimits(seed: Int) throws {
        let message = RenderingSamples.hostileMessage(seed: UInt64(seed)).slack
        let violations = SlackLimitChecker.violations(in: Data(try RenderingSamples.json(message).utf8))
        #expect(violations.isEmpty)
        // Mentions work in mrkdwn only (plain_text headers and labels show `<!here>` as written).
        var mrkdwn = [message.text]
        for block in message.blocks {
            switch block {
            case .section(let section): mrkdwn += ([section.text].compactMap { $0 } + section.fields).map(\.text)
            case .context(let elements):
                mrkdwn += elements.compactMap { if case .text(let text) = $0 { text.text } else { nil } }
            default: break
            }
        }
        #expect(!mrkdwn.contains { $0.contains("<!") || $0.contains("<@") })
    }
}
