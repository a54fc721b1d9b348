/// Encodes a value as compact JSON with object keys in byte order and `/` left as it is: the bytes
/// Foundation's `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`, in a fraction of
/// its time. Every inline answer is encoded on the way back to the platform, inside its three
/// seconds, so this is on the path of every reply; `CompactJSONEncoderTests` and the `compact_json`
/// fuzz target hold it to Foundation's output.
///
/// It builds a small tree while `encode(to:)` runs (a keyed container may be written in any order
/// and a key written twice keeps its last value, as in Foundation), then writes it once. Strings
/// and numbers wait in the tree as they are and are escaped or formatted only when written.
/// Non-finite floating-point numbers are refused, as Foundation's default strategy refuses them.
public struct CompactJSONEncoder: Sendable {
    public init() {}

    public func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONTreeEncoder()
        try value.encode(to: encoder)
        var output: [UInt8] = []
        output.reserveCapacity(2048)
        (encoder.root ?? .object(JSONTreeObject())).write(into: &output)
        return output
    }
}

/// One value of the tree: a scalar, a container still being filled, or what a `superEncoder`
/// will have been given by the time the tree is written.
enum JSONTreeNode {
    case string(String)
    case integer(Int64)
    case unsigned(UInt64)
    case bool(Bool)
    case null
    /// A finite floating-point number, already formatted.
    case number([UInt8])
    case object(JSONTreeObject)
    case array(JSONTreeArray)
    case deferred(JSONTreeEncoder)

    func write(into output: inout [UInt8]) {
        switch self {
        case .string(let string): JSONScalar.writeString(string, into: &output)
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .unsigned(let number): output.append(contentsOf: String(number).utf8)
        case .bool(let flag): output.append(contentsOf: flag ? JSONScalar.true : JSONScalar.false)
        case .null: output.append(contentsOf: JSONScalar.null)
        case .number(let bytes): output.append(contentsOf: bytes)
        case .object(let object): object.write(into: &output)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (index, element) in array.elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .deferred(let encoder):
            (encoder.root ?? .object(JSONTreeObject())).write(into: &output)
        }
    }
}

/// An object's members in the order written; a key written again replaces its value in place.
final class JSONTreeObject {
    var members: [(key: String, value: JSONTreeNode)] = []

    func set(_ key: String, _ value: JSONTreeNode) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
    }

    func write(into output: inout [UInt8]) {
        if !members.isSorted { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
        output.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONScalar.writeString(member.key, into: &output)
            output.append(UInt8(ascii: ":"))
            member.value.write(into: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}

final class JSONTreeArray {
    var elements: [JSONTreeNode] = []
}

extension [(key: String, value: JSONTreeNode)] {
    fileprivate var isSorted: Bool {
        indices.dropFirst().allSatisfy { self[$0 - 1].key.utf8.lexicographicallyPrecedes(self[$0].key.utf8) }
    }
}
