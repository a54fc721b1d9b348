import Foundation

/// The control API's listings: one JSON object per record, times as seconds since 1970 (fractional),
/// latencies in milliseconds by the fake's clock.
extension FakeSocketModeControl {
    static func object(_ connection: FakeSocketModeServer.Connection) -> [String: Any] {
        var object: [String: Any] = [
            "id": connection.id, "opened_at": connection.openedAt.timeIntervalSince1970, "opened_order": connection.openedOrder,
            "open": connection.isOpen, "silent": connection.isSilent,
        ]
        object["closed_at"] = connection.closedAt?.timeIntervalSince1970
        object["closed_order"] = connection.closedOrder
        object["closed_by"] = connection.closedBy?.rawValue
        object["close_code"] = connection.closeCode.map { Int($0) }
        object["disconnect_reason"] = connection.disconnectReason
        return object
    }

    static func object(_ acknowledgement: FakeSocketModeServer.Acknowledgement) -> [String: Any] {
        var object: [String: Any] = [
            "envelope_id": acknowledgement.envelopeID, "connection": acknowledgement.connection,
            "received_at": acknowledgement.receivedAt.timeIntervalSince1970,
        ]
        if let payload = acknowledgement.payloadJSON {
            object["payload"] = try? JSONSerialization.jsonObject(with: Data(payload.utf8), options: [.fragmentsAllowed])
        }
        object["envelope_sent_at"] = acknowledgement.envelopeSentAt?.timeIntervalSince1970
        object["latency_ms"] = acknowledgement.latency.map { $0 * 1000 }
        return object
    }

    static func object(_ envelope: FakeSocketModeServer.SentEnvelope) -> [String: Any] {
        [
            "envelope_id": envelope.envelopeID, "type": envelope.kind.rawValue, "retry_attempt": envelope.retryAttempt,
            "connection": envelope.connection, "sent_at": envelope.sentAt.timeIntervalSince1970,
        ]
    }

    static func encode(_ object: [String: Any]) -> [UInt8] {
        (try? Array(JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))) ?? Array("{}".utf8)
    }
}
