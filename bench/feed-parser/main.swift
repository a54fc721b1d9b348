// Feed parser measurements for docs/0007-feed-parser.md: the hand-written XMLPullParser against
// FoundationXML's XMLParser (libxml2) on a real feed, and how each treats entity tricks.
// Built and run by bench/feed-parser/run.sh; not part of the package.
import Foundation
import FoundationXML

func peakRSSKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Counts what XMLParser reports, as a feed reader would need to.
final class Counter: NSObject, XMLParserDelegate {
    var elements = 0
    var characters = 0
    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) { elements += 1 }
    func parser(_ parser: XMLParser, foundCharacters string: String) { characters += string.utf8.count }
    func parser(_ parser: XMLParser, foundCDATA block: Data) { characters += block.count }
}

func foundationParse(_ data: Data) -> (Bool, Counter) {
    let parser = XMLParser(data: data)
    let counter = Counter()
    parser.delegate = counter
    parser.shouldResolveExternalEntities = false
    let ok = parser.parse()
    return (ok, counter)
}

func pullParse(_ bytes: [UInt8]) -> Int {
    var parser = XMLPullParser(utf8: bytes, limits: FeedLimits(maxDocumentBytes: 64 << 20, maxElements: 10_000_000))
    var events = 0
    while let event = try? parser.next() {
        _ = event
        events += 1
    }
    return events
}

let arguments = CommandLine.arguments
let feedPath = arguments[1]
let real = try Data(contentsOf: URL(fileURLWithPath: feedPath))
// One real feed as received, and the same feed with its items repeated to about 1 MiB.
let text = String(decoding: real, as: UTF8.self)
let head = text.range(of: "<item>").map { String(text[..<$0.lowerBound]) } ?? text
let itemsPart =
    text.range(of: "<item>").flatMap { start in
        text.range(of: "</channel>").map { String(text[start.lowerBound..<$0.lowerBound]) }
    } ?? ""
var big = head
while big.utf8.count < 1 << 20 { big += itemsPart }
big += "</channel></rss>"
let bigData = Data(big.utf8)

for (name, data) in [("real feed (\(real.count) B)", real), ("repeated to \(bigData.count) B", bigData)] {
    let bytes = Array(data)
    let runs = data.count < 100_000 ? 2_000 : 20
    let foundation = seconds { for _ in 0..<runs { _ = foundationParse(data) } } / Double(runs)
    let pull = seconds { for _ in 0..<runs { _ = pullParse(bytes) } } / Double(runs)
    let full =
        seconds { for _ in 0..<runs { _ = try? FeedParser.parse(bytes, limits: FeedLimits(maxDocumentBytes: 64 << 20)) } }
        / Double(runs)
    print(
        String(
            format: "%@: XMLParser events %.3f ms, XMLPullParser events %.3f ms, FeedParser.parse (events+tree+mapping) %.3f ms",
            name, foundation * 1000, pull * 1000, full * 1000))
}

// Entity tricks, kept small enough to run safely: 10^5 expansions of "lol".
let laughs = """
    <?xml version="1.0"?>
    <!DOCTYPE lolz [
     <!ENTITY lol "lol">
     <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
     <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
     <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
     <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
    ]>
    <rss version="2.0"><channel><title>&lol5;</title></channel></rss>
    """
let before = peakRSSKiB()
var laughResult = (false, Counter())
let laughTime = seconds { laughResult = foundationParse(Data(laughs.utf8)) }
print(
    String(
        format: "XMLParser, 10^5 laughs (%d B document): ok=%@, %d characters delivered, %.2f ms, peak RSS +%d KiB",
        laughs.utf8.count, "\(laughResult.0)", laughResult.1.characters, laughTime * 1000, peakRSSKiB() - before))
let pullLaughs = seconds { _ = try? FeedParser.parse(Array(laughs.utf8)) }
print(
    String(
        format: "FeedParser, same document: %@ in %.3f ms",
        "\(Result { () throws(FeedParseError) in try FeedParser.parse(Array(laughs.utf8)) })", pullLaughs * 1000))

let xxe = """
    <?xml version="1.0"?>
    <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>
    <rss version="2.0"><channel><title>&xxe;</title></channel></rss>
    """
let xxeResult = foundationParse(Data(xxe.utf8))
print(
    "XMLParser, XXE for /etc/hostname with shouldResolveExternalEntities=false: "
        + "ok=\(xxeResult.0), \(xxeResult.1.characters) characters delivered"
)

// Peak memory for hostile documents of the default size limit (4 MiB), each in a fresh measurement
// window: the growth of the process's peak RSS while FeedParser refuses (or reads) it.
func measure(_ name: String, _ document: [UInt8]) {
    let before = peakRSSKiB()
    var outcome = ""
    let time = seconds {
        outcome = "\(Result { () throws(FeedParseError) in try FeedParser.parse(document) }.map { "\($0.items.count) items" })"
    }
    print(
        String(
            format: "FeedParser, %@ (%d B): %@ in %.1f ms, peak RSS +%d KiB",
            name, document.count, outcome, time * 1000, peakRSSKiB() - before))
}
let fourMiB = 4 << 20
measure("huge attribute", Array(("<rss version=\"" + String(repeating: "A", count: fourMiB - 40) + "\"/>").utf8))
measure("deep nesting", Array(("<rss>" + String(repeating: "<a>", count: (fourMiB - 20) / 3)).utf8))
measure("over the size limit", Array(repeating: UInt8(ascii: " "), count: fourMiB + 1))
let item =
    "<item><title>T&amp;itle</title><link>https://example.com/a</link>"
    + "<description>&lt;p&gt;Some text&lt;/p&gt;</description></item>"
measure(
    "2 MiB of small items",
    Array(("<rss><channel>" + String(repeating: item, count: fourMiB / 2 / item.utf8.count) + "</channel></rss>").utf8))
