/// The `Encoder` that `CompactJSONEncoder` hands to `encode(to:)`: it records the one value it is
/// given (a scalar or a container) as `root`.
final class JSONTreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private(set) var root: JSONTreeNode?

    init(codingPath: [any CodingKey] = []) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object) = root {
            return KeyedEncodingContainer(JSONKeyedContainer(object: object, codingPath: codingPath))
        }
        let object = JSONTreeObject()
        root = .object(object)
        return KeyedEncodingContainer(JSONKeyedContainer(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let array) = root { return JSONUnkeyedContainer(array: array, codingPath: codingPath) }
        let array = JSONTreeArray()
        root = .array(array)
        return JSONUnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueContainer(encoder: self) }

    fileprivate func set(_ node: JSONTreeNode) { root = node }

    /// The tree of `value` encoded at `path`: strings directly, anything else through its own
    /// `encode(to:)`; a value that encodes nothing is an empty object, as in Foundation.
    static func node(for value: some Encodable, at path: [any CodingKey]) throws -> JSONTreeNode {
        if let string = value as? String { return .scalar(JSONScalar.string(string)) }
        let encoder = JSONTreeEncoder(codingPath: path)
        try value.encode(to: encoder)
        return encoder.root ?? .object(JSONTreeObject())
    }

    static func number(_ bytes: [UInt8]?, _ value: Any, at path: [any CodingKey]) throws -> JSONTreeNode {
        guard let bytes else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "JSON has no infinity or NaN: \(value)"))
        }
        return .scalar(bytes)
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() { encoder.set(.scalar(JSONScalar.null)) }
    func encode(_ value: Bool) { encoder.set(.scalar(value ? JSONScalar.true : JSONScalar.false)) }
    func encode(_ value: String) { encoder.set(.scalar(JSONScalar.string(value))) }
    func encode(_ value: Int) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: Double) throws { encoder.set(try JSONTreeEncoder.number(JSONScalar.number(value), value, at: codingPath)) }
    func encode(_ value: Float) throws { encoder.set(try JSONTreeEncoder.number(JSONScalar.number(value), value, at: codingPath)) }
    func encode(_ value: Int8) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: Int16) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: Int32) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: Int64) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: UInt) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: UInt8) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: UInt16) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: UInt32) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: UInt64) { encoder.set(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: some Encodable) throws { encoder.set(try JSONTreeEncoder.node(for: value, at: codingPath)) }
}
