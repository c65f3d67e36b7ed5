import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The guide's promise (Documentation/Guide.md, "Guarantees"): a config file that holds a key (OXR's `app_id`, Nasdaq's `api_key`)
/// and that anyone but its owner can read draws one warning naming the file, whatever the command.
@Suite struct ConfigPermissionTests {
    static let warning = "holds an API key and can be read by others; run: chmod 600"

    @Test(arguments: [(0o666, true), (0o644, true), (0o604, true), (0o640, true), (0o600, false)] as [(Int, Bool)])
    func aKeyInAFileOthersCanReadIsWarnedOf(mode: Int, warned: Bool) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        for body in [#"{"sources": {"oxr": {"app_id": "k3y"}}}"#, #"{"sources": {"nasdaq": {"api_key": "k3y"}}}"#] {
            try Data(body.utf8).write(to: config)
            chmod(config.path, mode_t(mode))
            let runs: [([String], String?)] = [
                (["--offline", "100", "usd", "eur"], nil), (["--offline", "sources"], nil), (["refresh"], nil),
                // A script (as the prompt) is warned once, at the start, not once a line.
                ([], "100 usd eur\n5 eur gbp\n"),
            ]
            for (arguments, stdin) in runs {
                let result = try fx.run(arguments.isEmpty ? ["--offline"] : arguments, stdin: stdin)
                let count = result.stderr.components(separatedBy: Self.warning).count - 1
                #expect(count == (warned ? 1 : 0), "\(String(mode, radix: 8)) \(arguments): \(result.stderr)")
                if warned { #expect(result.stderr.contains(config.path), "\(result.stderr)") }
                #expect(!result.stderr.contains("k3y") && !result.stdout.contains("k3y"))
            }
        }
    }
}

/// The key warning fires whatever else is wrong in the file: a wrong type elsewhere, or a file
/// that cannot be read as a config at all.
@Suite struct ConfigPermissionWithProblemsTests {
    @Test(arguments: [
        #"{"timeout": "15", "sources": {"oxr": {"app_id": "k3y"}}}"#,
        #"{"sources": {"oxr": {"app_id": "k3y", "quota": "lots"}}}"#,
        #"{"sources": {"oxr": {"app_id": "k3y"}}"#,
    ])
    func aKeyInAFileOthersCanReadIsWarnedOfDespiteOtherProblems(body: String) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(body.utf8).write(to: config)
        chmod(config.path, 0o644)
        let result = try fx.run(["--offline", "100", "usd", "eur"])
        #expect(result.stderr.components(separatedBy: ConfigPermissionTests.warning).count - 1 == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("k3y"))
        #expect(result.stdout.hasPrefix("100.00 USD = "), "\(result.stdout)")
    }
}
