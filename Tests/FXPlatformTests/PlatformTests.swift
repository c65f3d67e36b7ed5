import Foundation
import Testing
@testable import FXPlatform

/// The small replacements for Foundation's file, environment and text helpers that fx uses
/// since it links FoundationEssentials only.
@Suite("Platform helpers")
struct PlatformTests {
    @Test func theEnvironmentHoldsTheNamedAndPrefixedVariablesAndNothingElse() {
        // A stand-in for `environ`: changing the real one while other tests run is not safe.
        let entries = [
            "FX_TEST=one=two", "XDG_CACHE_HOME=/x", "NOT_FX=no", "COLUMNS=91", "HOME=/h", "HOME=/second",
            "PATH=/bin", "FX_EMPTY=", "TERMINAL=no", "NOEQUALS",
        ]
        let pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        let prefixes: [StaticString] = ["FX_", "XDG_"], names: [StaticString] = ["HOME", "TERM", "COLUMNS"]
        let variables = pointers.withUnsafeBufferPointer {
            ProcessEnvironment.variables($0.baseAddress!, prefixes: prefixes, names: names)
        }
        #expect(variables == ["FX_TEST": "one=two", "XDG_CACHE_HOME": "/x", "COLUMNS": "91", "HOME": "/h", "FX_EMPTY": ""])
        #expect(ProcessEnvironment.current(prefixes: [], names: ["HOME"])["HOME"] == ProcessInfo.processInfo.environment["HOME"])
    }

    @Test func filesReadWholeOrSayWhyNot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f").path
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.write(to: URL(fileURLWithPath: file))
        #expect(try PlainFile.read(file).get() == bytes)
        #expect(try PlainFile.read("/proc/self/status").get().isEmpty == false)  // size 0 in stat, content on read
        #expect(PlainFile.read(directory.appendingPathComponent("missing").path) == .failure(.missing))
        #expect(PlainFile.read(file + "/below") == .failure(.missing))
        #expect(PlainFile.read(directory.path) == .failure(.isDirectory))
        #expect(Paths.exists(file) && !Paths.isDirectory(file) && Paths.isDirectory(directory.path))
    }

    @Test func directoriesAreMadeWithTheirParentsOrTheSystemsReason() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fx-mkdir-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try AtomicFile.makeDirectory(root + "/a/b/c")
        #expect(Paths.isDirectory(root + "/a/b/c"))
        let mode = try FileManager.default.attributesOfItem(atPath: root + "/a/b/c")[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try AtomicFile.makeDirectory(root + "/a/b/c")  // already there
        _ = FileManager.default.createFile(atPath: root + "/file", contents: Data())
        #expect(throws: POSIXFailure.self) { try AtomicFile.makeDirectory(root + "/file/d") }
        do { try AtomicFile.makeDirectory(root + "/file/d") } catch { #expect(error.code == ENOTDIR) }
    }

    @Test func secretsAreFoundWhateverTheirCase() {
        #expect("GET /x?app_id=AbC123&b=1".replacingCaseInsensitive("abc123", with: "…") == "GET /x?app_id=…&b=1")
        #expect("key KEY kEy".replacingCaseInsensitive("key", with: "[k]") == "[k] [k] [k]")
        #expect("ÉCU écu".replacingCaseInsensitive("écu", with: "x") == "x x")
        #expect("aaa".replacingCaseInsensitive("aa", with: "b") == "ba")
        #expect("abc".replacingCaseInsensitive("", with: "x") == "abc")
        #expect("An ETag with SECRET in it".containsCaseInsensitive("secret"))
        #expect(!"nothing here".containsCaseInsensitive("secret"))
    }

    @Test func percentEncodingKeepsOnlyWhatItMay() {
        #expect("a b&c=d+e/é~._-".percentEncoded() == "a%20b%26c%3Dd%2Be%2F%C3%A9~._-")
        #expect("a-b.c".percentEncoded(keeping: PercentEncoding.isAlphanumeric) == "a%2Db%2Ec")
    }

    @Test func trimmingAndJoiningAgreeWithTheStandardLibrary() {
        for text in ["", "   ", "a", " a ", "\ta b\n", "\u{00A0}€5\u{2003}", "é", " é", "x\u{00A0}"] {
            let expected = String(
                text.unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
                    .map(Character.init))
            #expect(text.trimmedOfWhitespace == expected, "\(text.debugDescription)")
        }
        for parts in [[String](), ["a"], ["a", "b", ""], ["", ""]] {
            #expect(parts.joined(by: " · ") == parts.joined(separator: " · "))
        }
    }
}
