import FXRates
import Foundation
import Testing

/// Documentation/fx.1 is what fx writes (`fx --generate-man`), as Completions/ must name what fx
/// accepts: a change to the command tree or the options fails here until the page is written again
/// (`.build/release/fx --generate-man > Documentation/fx.1`).
@Suite struct ManualPageEndToEndTests {
    static let page = ShellCompletionTests.root.appendingPathComponent("Documentation/fx.1")
    static let mandoc = ["/usr/bin/mandoc", "/bin/mandoc"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func committedPageIsWhatFxGenerates() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let generated = try fx.run(["--generate-man"])
        #expect(generated.status == 0)
        let committed = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(generated.stdout == committed, "Documentation/fx.1 drifted from fx --generate-man; write it again")
    }

    @Test(.enabled(if: mandoc != nil)) func pageHasNoLintFindings() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.mandoc!)
        process.arguments = ["-Tlint", Self.page.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let findings = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && findings.isEmpty, "\(findings)")
    }

    @Test func versionNamesTheCommitTheBuiltInRatesAndTheLicense() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.contains(/^fx \d+\.\d+\.\d+ \((commit [0-9a-f]{12}(-dirty)?|unknown commit)\)$/) == true, "\(lines)")
        #expect(lines.dropFirst().first == "built-in rates: ECB of \(BuiltInRates.ecb.latest.date)")
        #expect(lines.last == "license: Apache-2.0; third-party notices in NOTICE (share/doc/fx/NOTICE where installed)")
    }
}
