/// A JSON value in a save (a screen's `extra`): written as the JSON it is, read back the same way.
extension RouteMeta: Codable {
    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Booleans before numbers (JSON's true is no number); whole numbers before the others, so an
        // integer comes back an integer.
        if let flag = try? container.decode(Bool.self) { self = .boolean(flag) }
        else if let number = try? container.decode(Int.self) { self = .integer(number) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let text = try? container.decode(String.self) { self = .string(text) }
        else if let items = try? container.decode([RouteMeta].self) { self = .list(items) }
        else { self = .record(try container.decode([String: RouteMeta].self)) }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .number(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        case .list(let items): try container.encode(items)
        case .record(let fields): try container.encode(fields)
        }
    }
}
