import FXAnswers
import FXRender
import Testing

@Suite("Messages.printable")
struct PrintableTests {
    @Test(arguments: [
        ("\u{1B}[31mred", "\\x1B[31mred"),
        ("bell\u{07}", "bell\\x07"),
        ("nul\u{0}", "nul\\x00"),
        ("tab\there", "tab\\x09here"),
        ("line\nbreak", "line\\x0Abreak"),
        ("cr\r", "cr\\x0D"),
        ("del\u{7F}", "del\\x7F"),
        ("csi\u{9B}2J", "csi\\x9B2J"),
        ("rtl\u{202E}gpj.exe", "rtl\\u{202E}gpj.exe"),
        ("€100 ¥ ₩ café", "€100 ¥ ₩ café"),
        ("plain", "plain"),
    ])
    func controlAndFormatCharactersBecomeVisibleEscapes(input: String, shown: String) {
        #expect(Messages.printable(input) == shown)
    }

    @Test(arguments: Array(0..<0x20).map { UnicodeScalar(UInt8($0)) })
    func theOutputNeverHoldsAControlCharacter(scalar: UnicodeScalar) {
        let shown = Messages.printable("a" + String(Character(scalar)) + "b")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test
    func longTextIsCutAt200Characters() {
        #expect(Messages.printable(String(repeating: "a", count: 500)).count == 200)
    }
}
