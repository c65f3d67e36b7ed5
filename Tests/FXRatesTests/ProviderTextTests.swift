import Testing
@testable import FXRates

/// Text from a provider or a damaged file as it stands in a message (issue 34, item 14): an
/// escape shown as `\x1B`, by the one reading every message uses, never as a space that hides it.
@Suite("Provider text")
struct ProviderTextTests {
    @Test(arguments: [
        ("\u{1B}[31mred", "\\x1B[31mred"),
        ("bell\u{07}", "bell\\x07"),
        ("bidi\u{202E}txt", "bidi\\u{202E}txt"),
        ("two\nlines\tand a tab", "two lines and a tab"),
        ("  padded \r\n", "padded"),
        ("plain", "plain"),
    ])
    func controlsAreShownEscapedAndLineBreaksAsSpaces(text: String, shown: String) {
        #expect(ProviderText.clean(text) == shown)
    }

    @Test func longTextIsCutAt100CharactersAndSaysSo() {
        #expect(ProviderText.clean(String(repeating: "a", count: 150)) == String(repeating: "a", count: 100) + "…")
    }

    @Test(arguments: [("e\u{1B}cb", "e\\x1Bcb"), ("a\u{202E}b", "a\\u{202E}b")])
    func aWordFromADamagedFileIsShownAsMessagesShowIt(text: String, shown: String) {
        #expect(text.shownFromFile == shown)
    }
}
