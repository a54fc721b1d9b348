extension StringProtocol {
    /// Trims spaces, tabs, newlines and the ideographic space that Japanese keyboards type. Pure Swift: Foundation's
    /// `trimmingCharacters(in:)` goes through `NSString`, whose first use costs a server's start about 0.8 M instructions.
    public func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[start...end])
    }
}
