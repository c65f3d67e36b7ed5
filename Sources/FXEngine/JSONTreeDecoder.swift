/// Decodes a `Decodable` from a `JSONTree`: a source's own option in the config file (Nasdaq's
/// datasets), which its description reads through a `Decoder`, without `JSONDecoder` (whose first
/// use costs an answer more than a million instructions: Benchmarks/README.md, "The config file").
/// Numbers convert as `JSONDecoder` converts them: an integer reads as any number type it fits, a
/// fraction as `Double` or `Float`, or as an integer type when it is whole and fits.
public struct JSONTreeDecoder {
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    public init() {}

    public func decode<Value: Decodable>(_ type: Value.Type, from tree: JSONTree) throws -> Value {
        try Value(from: decoder(for: tree))
    }

    /// A `Decoder` over `tree`, for a reader that takes one.
    public func decoder(for tree: JSONTree) -> any Decoder {
        TreeDecoder(tree: tree, codingPath: [], userInfo: userInfo)
    }

    /// JSON text as a tree: strict JSON through `JSONTree.scan`, and what it refuses (a trailing
    /// comma, which `JSONDecoder` allows) by `JSONDecoder`, so that a file reads as it always did.
    public static func tree(from data: Data) throws -> JSONTree {
        if let tree = try? JSONTree.scan(data.byteArray) { return tree }
        return try JSONDecoder().decode(JSONTree.self, from: data)
    }
}

/// One value of the tree, where it stands.
private struct TreeDecoder: Decoder {
    let tree: JSONTree
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = tree else { throw mismatch([String: JSONTree].self) }
        return KeyedDecodingContainer(KeyedTree<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = tree else { throw mismatch([JSONTree].self) }
        return UnkeyedTree(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleTree(decoder: self) }

    func child(_ tree: JSONTree, at key: any CodingKey) -> TreeDecoder {
        TreeDecoder(tree: tree, codingPath: codingPath + [key], userInfo: userInfo)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found \(tree)"))
    }

    func decodeNil() -> Bool { tree == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = tree else { throw mismatch(type) }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = tree else { throw mismatch(type) }
        return value
    }

    func floatingPoint<Value: BinaryFloatingPoint>(_ type: Value.Type) throws -> Value {
        switch tree {
        case .integer(let value): return Value(value)
        case .number(let value): return Value(value)
        default: throw mismatch(type)
        }
    }

    func integer<Value: FixedWidthInteger>(_ type: Value.Type) throws -> Value {
        switch tree {
        case .integer(let value): if let exact = Value(exactly: value) { return exact }
        case .number(let value): if let exact = Value(exactly: value) { return exact }
        default: break
        }
        throw mismatch(type)
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: self) }
}

private struct KeyedTree<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONTree]
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func child(_ key: Key) throws -> TreeDecoder {
        guard let tree = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
        }
        return decoder.child(tree, at: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).floatingPoint(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).floatingPoint(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(type) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value { try child(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }

    /// `super`'s own key, as `JSONDecoder` names it.
    private struct SuperKey: CodingKey {
        var stringValue: String { "super" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(members["super"] ?? .null, at: SuperKey())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(members[key.stringValue] ?? .null, at: key) }
}

private struct UnkeyedTree: UnkeyedDecodingContainer {
    let elements: [JSONTree]
    let decoder: TreeDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONTree], decoder: TreeDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// An element's place in the path.
    private struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    /// The next element; consumed only once it has been read as asked.
    private mutating func next<Value>(_ read: (TreeDecoder) throws -> Value) throws -> Value {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Value.self, DecodingError.Context(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        let value = try read(decoder.child(elements[currentIndex], at: IndexKey(currentIndex)))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.floatingPoint(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.floatingPoint(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.integer(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.integer(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.integer(type) } }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next { try $0.unkeyedContainer() } }
    mutating func superDecoder() throws -> any Decoder { try next { $0 } }
}

private struct SingleTree: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decode(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try decoder.decode(type) }
}
