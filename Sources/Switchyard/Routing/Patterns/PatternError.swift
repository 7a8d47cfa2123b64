/// Declaration-time error: quotes the pattern and points at the column (1-based, in characters). A
/// host sees it as a `RoutingError` ("invalid_pattern") carrying this message.
///
///     do { _ = try Pattern("/user/:user-id") } catch { print(error) }
///     // invalid pattern "/user/:user-id": parameter name "user-id" may only contain letters, digits and _ (column 8)
///     //   /user/:user-id
///     //          ^
package struct PatternError: Error, CustomStringConvertible, Equatable {
    package let pattern: String
    package let column: Int
    package let reason: String

    package init(pattern: String, column: Int, reason: String) {
        self.pattern = pattern
        self.column = column
        self.reason = reason
    }

    public var description: String {
        let caret = String(repeating: " ", count: 2 + column - 1) + "^"
        return "invalid pattern \"\(pattern)\": \(reason) (column \(column))\n  \(pattern)\n\(caret)"
    }
}
