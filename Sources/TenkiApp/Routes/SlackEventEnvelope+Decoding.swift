import Foundation

/// Reading an Events API body. Its errors name only the envelope's own fields, never the body's
/// text, since they are echoed in the 400's reason.
extension SlackEventEnvelope {
    enum DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a JSON object at all.
        case notJSON
        /// A field Slack always sends is missing (`type`, or an inner event's `type`).
        case missingField(String)
        /// A known field holds another kind of value than Slack sends (a number for a string, …).
        case wrongValue(String)

        var description: String {
            switch self {
            case .notJSON: "the body is not a JSON object"
            case .missingField(let path): "the envelope has no \(path)"
            case .wrongValue(let path): "the envelope's \(path) is not what Slack sends"
            }
        }
    }

    /// The envelope in `body`: the fields Tenki reads, the rest ignored.
    static func decode(_ body: [UInt8]) throws(DecodingError) -> SlackEventEnvelope {
        do {
            return try JSONDecoder().decode(SlackEventEnvelope.self, from: Data(body))
        } catch let error as Swift.DecodingError {
            switch error {
            case .keyNotFound(let key, let context): throw .missingField(Self.path(context.codingPath + [key]))
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                throw context.codingPath.isEmpty ? .notJSON : .wrongValue(Self.path(context.codingPath))
            case .dataCorrupted: throw .notJSON
            @unknown default: throw .notJSON
            }
        } catch {
            throw .notJSON
        }
    }

    /// `event.type`, `authorizations[0].team_id`: the names are the envelope's coding keys, not the body's text.
    private static func path(_ keys: [any CodingKey]) -> String {
        var path = ""
        for key in keys {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return "`\(path)`"
    }
}
