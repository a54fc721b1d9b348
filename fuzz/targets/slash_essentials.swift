// libFuzzer target for SlashCommandEssentials (Sources/TenkiCore/Commands): the listener's shortcut
// past the full form decoding must never accept a body the full decoding refuses, and must agree
// with it where both accept.
//
// Built by fuzz/run.sh against the module imported below, which it builds with the fuzzer's
// coverage. A broken invariant ends in `fatalError`, which libFuzzer reports as a crash and saves
// the input.

@testable import TenkiCore

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    // The full path: decode every field, read the payload; an ssl_check ping has no stored answer.
    var full: SlashCommandEssentials?
    if let form = try? FormURLEncoded.decode(input), let payload = try? SlashCommandPayload(form: form), !payload.sslCheck {
        full = payload.essentials
    }
    if let fast = SlashCommandEssentials(formBody: input) {
        check(full != nil, "the shortcut accepted a body the full decoding refuses")
        check(fast == full, "the shortcut read \(fast), the full decoding \(String(describing: full))")
    }
    return 0
}
