/// Equality of two byte strings of a length both sides already share, compared inline a word at a
/// time: a request compares a dozen header names and values, form field names and its media type with
/// constants of 3 to 64 bytes, and a call to `memcmp` for each cost more than the comparison.
public enum ShortBytes {
    /// Whether the `count` bytes at `lhs` and at `rhs` are equal. Words of 8 bytes, the last one
    /// overlapping the one before it (so no byte is read past `count`); 4-byte words below 8 bytes,
    /// bytes below 4. Not constant-time: for public strings only, never for secrets.
    @inlinable @inline(__always)
    public static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                guard word(lhs, offset, UInt64.self) == word(rhs, offset, UInt64.self) else { return false }
                offset += 8
            }
            return word(lhs, count - 8, UInt64.self) == word(rhs, count - 8, UInt64.self)
        }
        if count >= 4 {
            return word(lhs, 0, UInt32.self) == word(rhs, 0, UInt32.self)
                && word(lhs, count - 4, UInt32.self) == word(rhs, count - 4, UInt32.self)
        }
        for offset in 0..<max(count, 0) where word(lhs, offset, UInt8.self) != word(rhs, offset, UInt8.self) {
            return false
        }
        return true
    }

    @inlinable
    static func word<Word: FixedWidthInteger>(_ base: UnsafeRawPointer, _ offset: Int, _: Word.Type) -> Word {
        base.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
}
