import FXCommands
import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("JSONRenderer: errors and escaping")
struct JSONErrorTests {
    static let eux = Failure.usage(UsageError(.unknownCurrency("eux", suggestion: CurrencyCode("EUR")!), span: 12..<15))

    @Test
    func anErrorObjectHasCodeMessageLineAndColumn() throws {
        let json = JSONRenderer.render(Self.eux, line: 3)
        #expect(
            json
                == #"{"schema_version":1,"error":{"code":"unknown_currency","message":"Unknown currency 'EUX'. Did you mean 'EUR'?","line":3,"column":13}}"#
        )
        let error = try #require(try RenderFixtures.object(json)["error"] as? [String: Any])
        #expect(error["code"] as? String == "unknown_currency")
        #expect(error["message"] as? String == "Unknown currency 'EUX'. Did you mean 'EUR'?")
        #expect(error["line"] as? Int == 3)
    }

    @Test
    func withoutALineNumberOrASpanNeitherAppears() throws {
        let json = JSONRenderer.render(.rates(.notCovered(CurrencyCode("KWD")!, sourceNames: ["European Central Bank"])), line: nil)
        let error = try #require(try RenderFixtures.object(json)["error"] as? [String: Any])
        #expect(Set(error.keys) == ["code", "message"])
        #expect(error["code"] as? String == "no_rate")
    }

    @Test(arguments: [
        "say \"hi\"", "back\\slash", "\u{1B}[2J", "tab\tnew\nline", "nul\u{0}", "é€₩",
    ])
    func typedQuotesBackslashesAndControlCharactersStayValidJSON(word: String) throws {
        let failure = Failure.usage(UsageError(.unknownCommand(word, suggestion: nil), span: 0..<1))
        let json = JSONRenderer.render(failure, line: 1)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 })
        let error = try #require(try RenderFixtures.object(json)["error"] as? [String: Any])
        #expect(error["message"] as? String == failure.message)
    }

    @Test(arguments: [
        "plain", "quote \" and \\ backslash", "\u{0}\u{1}\u{1F}\u{7F}", "\r\n\t", "€ ₩ 日本 🇯🇵", "</script>",
    ])
    func anyStringSurvivesARoundTripThroughJSON(text: String) throws {
        let json = JSONValue.object([("k", .string(text))]).serialized
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 })
        #expect(try RenderFixtures.object(json)["k"] as? String == text)
    }

    @Test
    func controlCharactersUseUEscapes() {
        #expect(JSONValue.string("\u{1}\u{1B}").serialized == #""\u0001\u001b""#)
        #expect(JSONValue.string("a\"b\\c\n").serialized == #""a\"b\\c\n""#)
    }
}
