// libFuzzer target for FeedParser and XMLPullParser (Sources/TenkiCore/News/Feeds).
//
// Built by fuzz/run.sh against the module imported below, which it builds with the fuzzer's
// coverage. Every invariant ends in `fatalError` (through `check`), which libFuzzer reports as a
// crash and saves the input.
import Foundation
@testable import TenkiCore

/// `precondition` that keeps its message in -O builds, so the crash report says which invariant broke.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

let limits = FeedLimits(maxDocumentBytes: 16 << 10, maxDepth: 16, maxElements: 2_000, maxAttributeBytes: 512)

/// The pull parser on its own: tags balance, depth stays within the limit, and (for valid UTF-8)
/// decoded text never outgrows the document: no reference expands to more than it took.
func checkPullParser(_ input: [UInt8]) {
    // Sizes are limits on bytes of the document; the parser's input is UTF-8 by contract (invalid
    // bytes are repaired as U+FFFD, three bytes for one), so decoded sizes are compared only for it.
    let validUTF8 = String(validating: input, as: UTF8.self) != nil
    var parser = XMLPullParser(utf8: input, limits: limits)
    var open: [String] = []
    var textBytes = 0
    var events = 0
    while true {
        let event: XMLEvent?
        do {
            event = try parser.next()
        } catch {
            if case .malformed(_, let offset) = error {
                check(offset >= 0 && offset <= input.count, "malformed offset \(offset) outside \(input.count) bytes")
            }
            return
        }
        guard let event else { break }
        events += 1
        check(events <= 2 * input.count + 2, "more events than the input can hold")
        switch event {
        case .start(let name, let attributes):
            check(!name.isEmpty, "an empty element name")
            check(attributes.count <= limits.maxAttributesPerElement, "too many attributes accepted")
            for attribute in attributes {
                check(
                    !validUTF8 || attribute.value.utf8.count <= limits.maxAttributeBytes, "an attribute over the limit accepted")
                textBytes += attribute.value.utf8.count
            }
            open.append(name)
            check(open.count <= limits.maxDepth, "depth \(open.count) over the limit \(limits.maxDepth)")
        case .end(let name):
            check(open.last == name, "</\(name)> reported while <\(open.last ?? "nothing")> is open")
            open.removeLast()
        case .text(let text):
            check(!open.isEmpty, "text reported outside the root element")
            textBytes += text.utf8.count
        }
    }
    check(open.isEmpty, "the parser finished with \(open) open")
    if validUTF8 {
        check(textBytes <= input.count, "decoded \(textBytes) bytes of text from \(input.count) bytes")
    }
}

/// A parsed feed's text is single-line and trimmed, each item has something to show, and parsing is
/// deterministic.
func checkFeed(_ input: [UInt8]) {
    let result = Result { () throws(FeedParseError) in try FeedParser.parse(input, limits: limits) }
    let again = Result { () throws(FeedParseError) in try FeedParser.parse(input, limits: limits) }
    check(result == again, "two parses of the same bytes differ")
    guard case .success(let feed) = result else { return }
    for item in feed.items {
        check(item.title != nil || item.link != nil || item.summary != nil, "an item with nothing to show")
        for text in [feed.title, item.title, item.summary, item.author].compactMap({ $0 }) {
            check(!text.isEmpty, "an empty text field instead of nil")
            check(!text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }), "a text field over several lines: \(text)")
            check(text.first?.isWhitespace != true && text.last?.isWhitespace != true, "an untrimmed text field: \(text)")
        }
    }
}

/// Whatever follows, a DOCTYPE with an internal subset is refused before anything else is read.
func checkDoctypeRefused(_ input: [UInt8]) {
    let hostile = Array("<!DOCTYPE rss [".utf8) + input
    guard hostile.count <= limits.maxDocumentBytes else { return }
    let result = Result { () throws(FeedParseError) in try FeedParser.parse(hostile, limits: limits) }
    check(result == .failure(.refusedDoctype(offset: 0)), "a DOCTYPE with an internal subset gave \(result)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    checkPullParser(input)
    checkFeed(input)
    checkDoctypeRefused(input)
    return 0
}
