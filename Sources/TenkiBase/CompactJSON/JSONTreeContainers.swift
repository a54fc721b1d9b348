/// An object being filled by an `encode(to:)`.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONTreeObject
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) { object.set(key.stringValue, .scalar(JSONScalar.null)) }
    func encode(_ value: Bool, forKey key: Key) { object.set(key.stringValue, .scalar(value ? JSONScalar.true : JSONScalar.false)) }
    func encode(_ value: String, forKey key: Key) { object.set(key.stringValue, .scalar(JSONScalar.string(value))) }
    func encode(_ value: Int, forKey key: Key) { object.set(key.stringValue, .scalar(JSONScalar.integer(value))) }

    func encode(_ value: Double, forKey key: Key) throws {
        object.set(key.stringValue, try JSONTreeEncoder.number(JSONScalar.number(value), value, at: codingPath + [key]))
    }

    func encode(_ value: Float, forKey key: Key) throws {
        object.set(key.stringValue, try JSONTreeEncoder.number(JSONScalar.number(value), value, at: codingPath + [key]))
    }

    func encode(_ value: some Encodable, forKey key: Key) throws {
        object.set(key.stringValue, try JSONTreeEncoder.node(for: value, at: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONTreeObject()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONTreeArray()
        object.set(key.stringValue, .array(nested))
        return JSONUnkeyedContainer(array: nested, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder {
        let encoder = JSONTreeEncoder(codingPath: codingPath)
        object.set("super", .deferred(encoder))
        return encoder
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        let encoder = JSONTreeEncoder(codingPath: codingPath + [key])
        object.set(key.stringValue, .deferred(encoder))
        return encoder
    }
}

/// An array being filled by an `encode(to:)`.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let array: JSONTreeArray
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    func encodeNil() { array.elements.append(.scalar(JSONScalar.null)) }
    func encode(_ value: Bool) { array.elements.append(.scalar(value ? JSONScalar.true : JSONScalar.false)) }
    func encode(_ value: String) { array.elements.append(.scalar(JSONScalar.string(value))) }
    func encode(_ value: Int) { array.elements.append(.scalar(JSONScalar.integer(value))) }
    func encode(_ value: Double) throws { array.elements.append(try JSONTreeEncoder.number(JSONScalar.number(value), value, at: codingPath)) }
    func encode(_ value: Float) throws { array.elements.append(try JSONTreeEncoder.number(JSONScalar.number(value), value, at: codingPath)) }
    func encode(_ value: some Encodable) throws { array.elements.append(try JSONTreeEncoder.node(for: value, at: codingPath)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONTreeObject()
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(object: nested, codingPath: codingPath))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONTreeArray()
        array.elements.append(.array(nested))
        return JSONUnkeyedContainer(array: nested, codingPath: codingPath)
    }

    func superEncoder() -> any Encoder {
        let encoder = JSONTreeEncoder(codingPath: codingPath)
        array.elements.append(.deferred(encoder))
        return encoder
    }
}
