import FXEngine
import Foundation
import Testing

/// `JSONTree.scan`, which reads the config file in place of `JSONDecoder`: together with the
/// fallback to it (`JSONTree.read`), it must accept and refuse what `JSONDecoder` does, and the
/// tree must decode the same values (`JSONTree.decode`).
@Suite struct JSONTreeScanTests {
    /// A shape like the config's: optional fields, a value of the wrong type kept as such, lists,
    /// objects of objects, and the key an entry stands under.
    struct Shape: Decodable, Equatable {
        enum Lenient<Value: Decodable & Equatable>: Decodable, Equatable {
            case value(Value)
            case wrongType
            init(from decoder: any Decoder) throws {
                self = (try? decoder.singleValueContainer().decode(Value.self)).map(Lenient.value) ?? .wrongType
            }
        }
        struct Entry: Decodable, Equatable {
            var url: Lenient<String>?
            var quota: Lenient<Int>?
            var flags: [Bool]?
            var name: String?
            init(from decoder: any Decoder) throws {
                enum Keys: String, CodingKey { case url, quota, flags }
                let fields = try decoder.container(keyedBy: Keys.self)
                url = try fields.decodeIfPresent(Lenient<String>.self, forKey: .url)
                quota = try fields.decodeIfPresent(Lenient<Int>.self, forKey: .quota)
                flags = try fields.decodeIfPresent([Bool].self, forKey: .flags)
                name = decoder.codingPath.last?.stringValue
            }
        }
        var order: Lenient<[String]>?
        var timeout: Lenient<Double>?
        var explain: Lenient<Bool>?
        var home: Lenient<String>?
        var sources: Lenient<[String: Lenient<Entry>]>?
        var counts: [String: Int]?
        var nothing: String?
    }

    static let texts: [String] = [
        #"{}"#,
        #"{"order": ["ecb", "boc"], "timeout": 15, "explain": true, "home": "EUR"}"#,
        #"{"timeout": 0.5, "home": 12, "explain": "yes", "order": "ecb"}"#,
        #"{"timeout": 1e1, "counts": {"a": 1, "b": -2, "c": 3.0}}"#,
        #"{"sources": {"ecb": {"url": "https://x.test/", "quota": 1000, "flags": [true, false]}, "oxr": {"quota": 2.5}, "boc": 7}}"#,
        #"{"sources": [1, 2], "nothing": null}"#,
        #"{"home": "\u00e9\n\"q\"", "order": []}"#,
        #"{"home": "\ud83d\ude00"}"#,
        "\u{FEFF}{\"home\": \"USD\"}",
        #"  {"home": "USD", "home": "GBP"}  "#,
        #"{"counts": {"big": 1.5}}"#,
        #"{"counts": {"big": 99999999999999999999}}"#,
        // Not JSON, or not an object: both refuse.
        #"{"home": "USD",}"#,
        #"{"home": "USD"} x"#,
        #"{"home": "USD""#,
        #"["home"]"#,
        #""#,
        #"{'home': 'USD'}"#,
    ]

    @Test(arguments: texts) func decodesAsJSONDecoderDoes(text: String) {
        let data = Data(text.utf8)
        #expect(
            (try? JSONTree.read(data).decode(Shape.self))
                == (try? JSONDecoder().decode(Shape.self, from: data)), "\(text)")
    }

    /// Text the tree leaves to `JSONDecoder` (the cases above it reads itself).
    @Test(arguments: [
        #"{"home": "USD",}"#, #"{"home": "\ud83d\ude00"}"#,
    ])
    func whatTheTreeRefusesJSONDecoderReads(text: String) {
        let data = Data(text.utf8)
        #expect(throws: JSONTree.SyntaxError.self) { try JSONTree.scan(Array(data)) }
        #expect(
            (try? JSONTree.read(data).decode(Shape.self))
                == (try? JSONDecoder().decode(Shape.self, from: data)))
    }

    /// The difference, on purpose: a value that is not JSON (a number with a leading zero, a lone
    /// surrogate, bytes that are not UTF-8) refuses the file, where `JSONDecoder` read the file and
    /// called that one value of the wrong type.
    @Test(arguments: [
        Array(#"{"timeout": 015, "home": "EUR"}"#.utf8), Array(#"{"timeout": 1, "home": "\uDC00"}"#.utf8),
        Array(#"{"timeout": 1, "home": ""#.utf8) + [0xFF] + Array(#""}"#.utf8),
    ])
    func aValueThatIsNotJSONRefusesTheFile(bytes: [UInt8]) {
        let data = Data(bytes)
        #expect((try? JSONTree.read(data)) == nil)
        let old = try? JSONDecoder().decode(Shape.self, from: data)
        #expect(old != nil && (old?.timeout == .wrongType || old?.home == .wrongType))
    }

    @Test func anEscapedBackslashBeforeUIsNoSurrogate() throws {
        #expect(try JSONTree.scan(Array(#"{"a": "\\ud800"}"#.utf8)) == .object(["a": .string(#"\ud800"#)]))
    }

    @Test func anEntryKnowsItsKeyAndTheUserInfo() throws {
        struct Named: Decodable {
            let name: String?
            let info: String?
            init(from decoder: any Decoder) throws {
                name = decoder.codingPath.last?.stringValue
                info = decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] as? String
            }
        }
        let entries = try JSONTree.scan(Array(#"{"nasdaq": {}}"#.utf8))
            .decode([String: Named].self, userInfo: [CodingUserInfoKey(rawValue: "k")!: "given"])
        #expect(entries["nasdaq"]?.name == "nasdaq")
        #expect(entries["nasdaq"]?.info == "given")
    }

    @Test func scanReadsEveryKindOfValue() throws {
        let tree = try JSONTree.scan(Array(#"{"a": [1, -2.5, true, false, null, "x\ty"], "b": {"c": 1E3}}"#.utf8))
        #expect(
            tree
                == .object([
                    "a": .array([.integer(1), .number(-2.5), .bool(true), .bool(false), .null, .string("x\ty")]),
                    "b": .object(["c": .number(1000)]),
                ]))
    }

    @Test func scanRefusesNestingPastItsDepthRatherThanRecursing() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONTree.SyntaxError.self) { try JSONTree.scan(Array(deep.utf8)) }
    }
}
