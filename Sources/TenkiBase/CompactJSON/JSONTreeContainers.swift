/// An object being filled by an `encode(to:)`.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONTreeObject
    /// Where the object stands, for coding paths and its children.
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil(forKey key: Key) { object.set(key.stringValue, .null) }
    func encode(_ value: Bool, forKey key: Key) { object.set(key.stringValue, .bool(value)) }
    func encode(_ value: String, forKey key: Key) { object.set(key.stringValue, .string(value)) }
    func encode(_ value: Int, forKey key: Key) { object.set(key.stringValue, .integer(Int64(value))) }
    func encode(_ value: Double, forKey key: Key) throws { object.set(key.stringValue, try encoder.number(value, at: key)) }
    func encode(_ value: Float, forKey key: Key) throws { object.set(key.stringValue, try encoder.number(value, at: key)) }

    func encode(_ value: some Encodable, forKey key: Key) throws {
        object.set(key.stringValue, try encoder.node(for: value, at: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONTreeObject()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(object: nested, encoder: JSONTreeEncoder(parent: encoder, key: key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONTreeArray()
        object.set(key.stringValue, .array(nested))
        return JSONUnkeyedContainer(array: nested, encoder: JSONTreeEncoder(parent: encoder, key: key))
    }

    func superEncoder() -> any Encoder {
        let superEncoder = JSONTreeEncoder(parent: encoder, key: nil)
        object.set("super", .deferred(superEncoder))
        return superEncoder
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        let superEncoder = JSONTreeEncoder(parent: encoder, key: key)
        object.set(key.stringValue, .deferred(superEncoder))
        return superEncoder
    }
}

/// An array being filled by an `encode(to:)`.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let array: JSONTreeArray
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.elements.count }

    func encodeNil() { array.elements.append(.null) }
    func encode(_ value: Bool) { array.elements.append(.bool(value)) }
    func encode(_ value: String) { array.elements.append(.string(value)) }
    func encode(_ value: Int) { array.elements.append(.integer(Int64(value))) }
    func encode(_ value: Double) throws { array.elements.append(try encoder.number(value, at: nil)) }
    func encode(_ value: Float) throws { array.elements.append(try encoder.number(value, at: nil)) }
    func encode(_ value: some Encodable) throws { array.elements.append(try encoder.node(for: value, at: nil)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONTreeObject()
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(object: nested, encoder: encoder))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONTreeArray()
        array.elements.append(.array(nested))
        return JSONUnkeyedContainer(array: nested, encoder: encoder)
    }

    func superEncoder() -> any Encoder {
        let superEncoder = JSONTreeEncoder(parent: encoder, key: nil)
        array.elements.append(.deferred(superEncoder))
        return superEncoder
    }
}
