/// An ISO 4217 alphabetic code such as `USD`, always upper case.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let rawValue: String

    /// Accepts three ASCII letters in any case; anything else is not a code.
    public init?(_ text: String) {
        var text = text
        guard let code = text.withUTF8(Self.code) else { return nil }
        rawValue = code
    }

    public init?(_ text: Substring) {
        var text = text
        guard let code = text.withUTF8(Self.code) else { return nil }
        rawValue = code
    }

    public init?(_ text: some StringProtocol) {
        self.init(String(text))
    }

    /// The code's text, upper-cased, from its UTF-8 bytes. On bytes rather than generic over
    /// StringProtocol: the unspecialised generic version cost every start a tenth of a millisecond.
    private static func code(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count == 3, bytes.allSatisfy({ $0 < 128 && ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return nil }
        // ASCII only (checked above), so no Unicode case mapping.
        return String(unsafeUninitializedCapacity: 3) { buffer in
            for index in 0..<3 { buffer[index] = bytes[index] & 0xDF }
            return 3
        }
    }

    /// A code from a generated table, taken as written: the table's test checks that each is what
    /// `init?(_:)` makes of it (three upper-case letters). Making each again cost every start
    /// 17,000 instructions.
    init(generated code: String) {
        rawValue = code
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let code = CurrencyCode(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a currency code: \(text)"))
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let eur = CurrencyCode("EUR")!
    public static let usd = CurrencyCode("USD")!
}
