import Foundation

/// What the connections' threads tell the server: a ticket used, a connection open, a message
/// read, a connection ended. Each is one step under the state's lock.
extension FakeSocketModeServer {
    /// Whether `ticket` was issued and not used yet; using it spends it (Slack's tickets are one-time).
    func redeem(_ ticket: String) -> Bool {
        state.withLock { $0.tickets.remove(ticket) != nil }
    }

    /// Registers a connection that finished its handshake; nil once the server is stopped.
    func opened(_ makeLink: (Int) -> FakeSocketModeLink) -> FakeSocketModeLink? {
        let openedAt = now()
        return state.withLock { state in
            guard !state.stopped else { return nil }
            let id = (state.connections.last?.id ?? 0) + 1
            let link = makeLink(id)
            state.order += 1
            state.connections.append(Connection(id: id, openedAt: openedAt, openedOrder: state.order))
            state.links[id] = link
            return link
        }
    }

    /// Slack's first message on every connection.
    func helloJSON(connections: Int) -> String {
        "{\"type\":\"hello\",\"num_connections\":\(connections),\"debug_info\":{\"host\":\"applink-fake\","
            + "\"build_number\":1,\"approximate_connection_time\":18060},\"connection_info\":{\"app_id\":\"\(appID)\"}}"
    }

    /// A text message from the client: an acknowledgement when it names an `envelope_id`.
    func received(_ text: String, on id: Int) {
        let receivedAt = now()
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        guard let object, let envelopeID = object["envelope_id"] as? String else {
            state.withLock { $0.unexpected.append(text) }
            return
        }
        var payload: String?
        if let value = object["payload"], !(value is NSNull),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        {
            payload = String(decoding: data, as: UTF8.self)
        }
        state.withLock { state in
            state.acknowledgements.append(
                Acknowledgement(
                    envelopeID: envelopeID, payloadJSON: payload, connection: id, receivedAt: receivedAt,
                    envelopeSentAt: state.lastSentAt[envelopeID]))
        }
    }

    func isSilent(_ id: Int) -> Bool {
        state.withLock { state in state.connections.first { $0.id == id }?.isSilent ?? false }
    }

    /// The connection's socket is closed: `side` sent the first close frame (or dropped it), `code` was that frame's.
    func ended(_ id: Int, by side: Side, code: UInt16?) {
        let closedAt = now()
        state.withLock { state in
            state.links[id] = nil
            state.order += 1
            let order = state.order
            state.update(id) { connection in
                connection.closedAt = closedAt
                connection.closedOrder = order
                connection.closedBy = side
                connection.closeCode = code
            }
        }
    }
}
