/// Any JSON value, so that the keys fx does not own pass through an edit unchanged.
public enum JSONTree: Codable, Equatable, Sendable {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case null

    public var object: [String: JSONTree]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var array: [JSONTree]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A number that is a whole `Int` (`1000` or `1000.0`), as `JSONDecoder` reads an `Int`.
    public var wholeNumber: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value): Int(exactly: value)
        default: nil
        }
    }

    /// Any number, as `JSONDecoder` reads a `Double`.
    public var anyNumber: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// An array whose every element `read` reads; nil for anything else.
    public func all<Element>(_ read: (JSONTree) -> Element?) -> [Element]? {
        guard case .array(let elements) = self else { return nil }
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for element in elements {
            guard let value = read(element) else { return nil }
            values.append(value)
        }
        return values
    }

    /// An object with each member's value as `read` makes it; nil for anything else.
    public func members<Value>(_ read: (JSONTree) -> Value) -> [String: Value]? {
        object?.mapValues(read)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let members): try container.encode(members)
        case .array(let elements): try container.encode(elements)
        case .string(let text): try container.encode(text)
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
