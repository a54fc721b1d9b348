/// Header fields in the order they arrived. Names compare case-insensitively (RFC 9110 §5.1);
/// a name may occur several times, and callers that care (signatures, Content-Length) ask for all values.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field. A struct, not a tuple: an array of them is destroyed with the struct's own code,
    /// where tuples go through the runtime's generic path (a request's fields are freed every time).
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public private(set) var fields: [Field]

    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The fields as `(name, value)` pairs, in order.
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Field]>

        public mutating func next() -> (name: String, value: String)? {
            base.next().map { (name: $0.name, value: $0.value) }
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(base: fields.makeIterator())
    }

    public var count: Int { fields.count }

    /// The first value of `name`, or nil. Use `values(for:)` where a repeated header must be rejected.
    public subscript(name: String) -> String? {
        fields.first { $0.name.isHeaderName(name) }?.value
    }

    /// Every value of `name`, in arrival order.
    public func values(for name: String) -> [String] {
        fields.compactMap { $0.name.isHeaderName(name) ? $0.value : nil }
    }

    /// The first value of `name` and how many fields carry that name, in one pass and without
    /// collecting the values: enough to refuse a missing or repeated header (signatures check both
    /// on every request).
    public func occurrences(of name: String) -> (first: String?, count: Int) {
        var first: String?
        var count = 0
        for field in fields where field.name.isHeaderName(name) {
            if count == 0 { first = field.value }
            count += 1
        }
        return (first, count)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.isHeaderName(name) }
    }

    /// Takes the strings over (`consuming`): a parser's fresh name and value are moved into the
    /// field instead of retained once more and released by the caller.
    public mutating func add(_ name: consuming String, _ value: consuming String) {
        fields.append(Field(name: name, value: value))
    }

    /// Room for `count` fields without growing (the parser knows how many lines a head has).
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Replaces every value of `name` with one.
    public mutating func set(_ name: String, _ value: String) {
        if contains(name) { remove(name) }  // usually absent: no rewrite of the fields
        fields.append(Field(name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.isHeaderName(name) }
    }
}

extension StringProtocol {
    /// ASCII case-insensitive equality: header names and tokens are ASCII, and this avoids
    /// Unicode case folding on the hot path.
    /// Inlinable, and on the strings' contiguous UTF-8 where they have it (native strings and their
    /// substrings always do): called unspecialised across modules, or through `UTF8View` iterators,
    /// it would cost between a tenth and a third of a cached command's instructions.
    @inlinable
    public func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        let contiguous = lhs.withContiguousStorageIfAvailable { left in
            rhs.withContiguousStorageIfAvailable { right in ASCIICase.equal(left, right) }
        }
        if let contiguous, let result = contiguous { return result }
        var left = lhs.makeIterator(), right = rhs.makeIterator()
        while let a = left.next(), let b = right.next() {
            guard ASCIICase.equal(a, b) else { return false }
        }
        return true
    }
}

extension String {
    /// Whether this header name is `name` (ASCII case ignored). The lengths first, inline in the
    /// caller: a head's names rarely share a length with the one sought, so most comparisons end
    /// there, without a call (a signed command's head is searched about thirty times).
    @inlinable @inline(__always)
    public func isHeaderName(_ name: String) -> Bool {
        utf8.count == name.utf8.count && equalsIgnoringASCIICase(name)
    }
}

/// Byte-level ASCII case folding, shared by the header look-ups and the content-type checks.
public enum ASCIICase {
    /// The same byte, or the same ASCII letter in the other case.
    @inlinable
    public static func equal(_ a: UInt8, _ b: UInt8) -> Bool {
        if a == b { return true }
        let folded = a | 0x20
        return folded == b | 0x20 && folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")
    }

    /// Eight bytes at a time while they are equal as they stand (a peer that writes a name in its
    /// usual case, as Slack does, never needs folding), then byte by byte, folding.
    @inlinable
    public static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress.map(UnsafeRawPointer.init),
            let right = rhs.baseAddress.map(UnsafeRawPointer.init)
        else { return true }
        var index = 0
        while index + 8 <= lhs.count,
            left.loadUnaligned(fromByteOffset: index, as: UInt64.self) == right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        {
            index += 8
        }
        while index < lhs.count {
            guard equal(lhs[index], rhs[index]) else { return false }
            index += 1
        }
        return true
    }
}
