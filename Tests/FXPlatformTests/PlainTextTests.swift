import FXPlatform
import Foundation
import Testing

/// The answer path's replacements for NSString and CharacterSet.
@Suite struct PlainTextTests {
    @Test(arguments: [
        ("/a/b/c", "/a/b"), ("/a/b/c/", "/a/b"), ("/a", "/"), ("/", "/"), ("c", "."), ("a/b", "a"),
        ("//a//b", "//a"), ("/a//", "/"), ("", "."), ("/tmp/fx/latest.json", "/tmp/fx"),
    ])
    func directoryIsWhatDirnameGives(_ path: String, _ expected: String) {
        #expect(Paths.directory(of: path) == expected)
    }

    @Test(arguments: ["  convert 100 usd eur ", "\t100 usd eur\n", "\u{3000}x\u{00A0}", "", "   ", "a b", "\r\nkey\r\n", "x\u{2028}"])
    func trimmingIsWhatCharacterSetGives(_ text: String) {
        #expect(text.trimmedOfWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
