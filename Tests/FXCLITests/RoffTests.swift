@testable import FXCLI
import Testing

/// Text in the manual page reaches the reader as written: nothing in it is read as roff.
@Suite struct RoffTests {
    @Test(
        arguments: [
            ("--max-age", "\\-\\-max\\-age"), ("C:\\path", "C:\\epath"), ("it's", "it\\(aqs"), ("\"order\"", "\\(dqorder\\(dq"),
            ("~/.cache", "\\(ti/.cache"), ("100€", "100\\[u20AC]"), ("฿", "\\[u0E3F]"), (".lock files", "\\&.lock files"),
        ])
    func textIsEscaped(text: String, roff: String) {
        #expect(Roff.escape(text) == roff)
    }

    @Test func proseIsFilledWithinEightyBytesAndNoLineStartsAsARequest() {
        var page = Roff()
        let words = (1...60).map { $0 % 7 == 0 ? ".word\($0)" : "word\($0)" }
        page.text(words.joined(separator: " "))
        #expect(page.lines.count > 1)
        #expect(page.lines.allSatisfy { $0.utf8.count <= 80 })
        #expect(page.lines.allSatisfy { !$0.hasPrefix(".") && !$0.hasPrefix("'") })
        #expect(page.lines.joined(separator: " ").replacing("\\&", with: "") == words.joined(separator: " "))
    }

    @Test func requestArgumentsWithSpacesAreQuoted() {
        var page = Roff()
        page.request(".SH", "DATES AND RANGES")
        #expect(page.lines == [".SH \"DATES AND RANGES\""])
    }
}
