/// The `Encoder` that `CompactJSONEncoder` hands to `encode(to:)`: it records the one value it is
/// given (a scalar or a container) as `root`. Each nested value gets an encoder of its own that
/// points at its parent, so the coding path is put together only when someone asks for it.
final class JSONTreeEncoder: Encoder {
    private let parent: JSONTreeEncoder?
    private let key: (any CodingKey)?
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private(set) var root: JSONTreeNode?

    init(parent: JSONTreeEncoder? = nil, key: (any CodingKey)? = nil) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object) = root { return KeyedEncodingContainer(JSONKeyedContainer(object: object, encoder: self)) }
        let object = JSONTreeObject()
        root = .object(object)
        return KeyedEncodingContainer(JSONKeyedContainer(object: object, encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let array) = root { return JSONUnkeyedContainer(array: array, encoder: self) }
        let array = JSONTreeArray()
        root = .array(array)
        return JSONUnkeyedContainer(array: array, encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueContainer(encoder: self) }

    fileprivate func set(_ node: JSONTreeNode) { root = node }

    /// The tree of `value`, a child of this encoder at `key`, through the value's own `encode(to:)`;
    /// a value that encodes nothing is an empty object, as in Foundation.
    func node(for value: some Encodable, at key: (any CodingKey)?) throws -> JSONTreeNode {
        let encoder = JSONTreeEncoder(parent: self, key: key)
        try value.encode(to: encoder)
        return encoder.root ?? .object(JSONTreeObject())
    }

    func number(_ value: some BinaryFloatingPoint & LosslessStringConvertible, at key: (any CodingKey)?) throws -> JSONTreeNode {
        guard let bytes = JSONScalar.number(value) else {
            let path = codingPath + (key.map { [$0] } ?? [])
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "JSON has no infinity or NaN: \(value)"))
        }
        return .number(bytes)
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() { encoder.set(.null) }
    func encode(_ value: Bool) { encoder.set(.bool(value)) }
    func encode(_ value: String) { encoder.set(.string(value)) }
    func encode(_ value: Double) throws { encoder.set(try encoder.number(value, at: nil)) }
    func encode(_ value: Float) throws { encoder.set(try encoder.number(value, at: nil)) }
    func encode(_ value: Int) { encoder.set(.integer(Int64(value))) }
    func encode(_ value: Int8) { encoder.set(.integer(Int64(value))) }
    func encode(_ value: Int16) { encoder.set(.integer(Int64(value))) }
    func encode(_ value: Int32) { encoder.set(.integer(Int64(value))) }
    func encode(_ value: Int64) { encoder.set(.integer(value)) }
    func encode(_ value: UInt) { encoder.set(.unsigned(UInt64(value))) }
    func encode(_ value: UInt8) { encoder.set(.unsigned(UInt64(value))) }
    func encode(_ value: UInt16) { encoder.set(.unsigned(UInt64(value))) }
    func encode(_ value: UInt32) { encoder.set(.unsigned(UInt64(value))) }
    func encode(_ value: UInt64) { encoder.set(.unsigned(value)) }
    func encode(_ value: some Encodable) throws { encoder.set(try encoder.node(for: value, at: nil)) }
}
