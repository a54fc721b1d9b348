// libFuzzer target for the reader of what Slack sends over a Socket Mode connection
// (SocketModeMessage in Sources/TenkiApp/SocketMode): one text message, untrusted.
//
// Built by fuzz/run.sh against the module imported below, which it builds with the fuzzer's
// coverage. Every invariant ends in `fatalError` (through `check`), which libFuzzer reports as a
// crash and saves the input. The input is the message's bytes, decoded as UTF-8 with repair (as the
// WebSocket client hands over only valid UTF-8, a repaired string is one it could deliver).

import Foundation

@testable import TenkiApp

/// `precondition` that keeps its message in -O builds, so the crash report says which invariant broke.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// The acknowledgement Tenki writes for `id`, read back: the id must survive being put in JSON as it is.
func acknowledgedID(_ id: String) -> String? {
    let ack = "{\"envelope_id\":\"\(id)\"}"
    let object = (try? JSONSerialization.jsonObject(with: Data(ack.utf8))) as? [String: Any]
    return object?["envelope_id"] as? String
}

func checkEchoable(_ id: String, _ text: String) {
    check(SocketModeMessage.envelopeID(id) == id, "envelope_id \(id) accepted but not echoable, from \(text)")
    check(acknowledgedID(id) == id, "the acknowledgement of \(id) does not read back, from \(text)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let message = SocketModeMessage(text: text)
    check(SocketModeMessage(text: text) == message, "reading the same text twice differs: \(text)")
    switch message {
    case .hello:
        break
    case .disconnect(let reason):
        check(reason == "unknown" || SocketModeMessage.token(reason) == reason, "disconnect reason \(reason) is not a token")
    case .unusable(let reason, let id):
        check(!reason.isEmpty, "an unusable message without a reason: \(text)")
        if let id { checkEchoable(id, text) }
    case .envelope(let envelope):
        checkEchoable(envelope.id, text)
        let payload = envelope.payload
        // The payload handed to the adapters is a JSON object that reads back as itself.
        let again = (try? JSONSerialization.jsonObject(with: Data(payload.json))) as? [String: Any]
        check(again.map { SocketModeEnvelope.Payload($0) == payload } ?? false, "the payload does not round-trip: \(text)")
        for (key, value) in payload.formFields {
            check(payload.object[key] as? String == value, "form field \(key) is not the payload's string")
        }
        // The envelope written back as Slack would send it reads as the same envelope.
        var object: [String: Any] = [
            "type": envelope.kind.rawValue, "envelope_id": envelope.id, "payload": payload.object,
            "accepts_response_payload": envelope.acceptsResponsePayload,
        ]
        if let retry = envelope.retryAttempt { object["retry_attempt"] = retry }
        guard let json = try? JSONSerialization.data(withJSONObject: object) else {
            fatalError("an accepted envelope cannot be written as JSON: \(text)")
        }
        check(
            SocketModeMessage(text: String(decoding: json, as: UTF8.self)) == message,
            "the envelope written back reads differently: \(text)")
    }
    return 0
}
