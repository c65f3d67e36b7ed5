@testable import FXShell
import Foundation
import Testing

/// Where fx looks for fx-fetch: in `PREFIX/libexec/fx` for an fx in `PREFIX/bin`, else beside fx
/// (a development build, or the earlier layout during an upgrade), asked at each run.
struct HelperLocationTests {
    /// A prefix with `bin/fx` and the helpers named, each an executable file.
    private func prefix(helpers: [String]) throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("fx-prefix-\(UUID().uuidString)")
        for path in ["bin/fx"] + helpers {
            let file = prefix.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("#!/bin/sh\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return prefix
    }

    @Test func theCandidatesAreLibexecThenBesideFx() {
        #expect(
            HelperLocation.forExecutable("/usr/bin/fx").candidates == ["/usr/libexec/fx/fx-fetch", "/usr/bin/fx-fetch"])
        #expect(
            HelperLocation.forExecutable("/home/a/fx/.build/release/fx").candidates
                == ["/home/a/fx/.build/libexec/fx/fx-fetch", "/home/a/fx/.build/release/fx-fetch"])
        #expect(HelperLocation.forExecutable("/bin/fx").candidates == ["/libexec/fx/fx-fetch", "/bin/fx-fetch"])
    }

    @Test func anInstallFindsTheHelperInLibexec() throws {
        let prefix = try prefix(helpers: ["libexec/fx/fx-fetch", "bin/fx-fetch"])
        defer { try? FileManager.default.removeItem(at: prefix) }
        let location = HelperLocation.forExecutable(prefix.appendingPathComponent("bin/fx").path)
        #expect(location.path == prefix.appendingPathComponent("libexec/fx/fx-fetch").path)
    }

    @Test func theEarlierLayoutAndADevelopmentBuildFindItBesideFx() throws {
        let prefix = try prefix(helpers: ["bin/fx-fetch"])
        defer { try? FileManager.default.removeItem(at: prefix) }
        let location = HelperLocation.forExecutable(prefix.appendingPathComponent("bin/fx").path)
        #expect(location.path == prefix.appendingPathComponent("bin/fx-fetch").path)
        // Asked at each run: a helper moved into libexec by an upgrade is found next time.
        let libexec = prefix.appendingPathComponent("libexec/fx/fx-fetch")
        try FileManager.default.createDirectory(at: libexec.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: prefix.appendingPathComponent("bin/fx-fetch"), to: libexec)
        #expect(location.path == libexec.path)
    }

    @Test func aFileThatCannotRunIsPassedOverAndNoneNamesLibexec() throws {
        let prefix = try prefix(helpers: ["bin/fx-fetch"])
        defer { try? FileManager.default.removeItem(at: prefix) }
        let libexec = prefix.appendingPathComponent("libexec/fx/fx-fetch")
        try FileManager.default.createDirectory(at: libexec.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: libexec)
        let location = HelperLocation.forExecutable(prefix.appendingPathComponent("bin/fx").path)
        #expect(location.path == prefix.appendingPathComponent("bin/fx-fetch").path)
        try FileManager.default.removeItem(at: prefix.appendingPathComponent("bin/fx-fetch"))
        #expect(location.path == libexec.path)
    }
}
