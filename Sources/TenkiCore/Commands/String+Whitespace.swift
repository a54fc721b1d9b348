extension String {
    /// Trims spaces, tabs, newlines and the ideographic space that Japanese keyboards type.
    public func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[start...end])
    }
}
