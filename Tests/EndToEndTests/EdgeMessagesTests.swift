import Foundation
import Testing

/// Messages at the edges: option errors, a zero `--max-age` or `FX_TIMEOUT`, no source keeping a
/// history, a config path with escape characters, Nasdaq without datasets, `--help`'s source list.
@Suite struct EdgeMessagesTests {
    static func writeConfig(_ fx: FXRunner, _ body: String) throws {
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(body.utf8).write(to: config)
        chmod(config.path, 0o600)
    }

    @Test func optionErrorsAreOneLineAndJSONWithJSON() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let plain = try fx.run(["--max-age", "1x", "100", "usd", "eur"])
        #expect(plain.status == 2 && plain.stdout.isEmpty)
        #expect(plain.stderr.split(separator: "\n").count == 1, "\(plain.stderr)")
        #expect(plain.stderr.hasPrefix("fx: ") && plain.stderr.contains("--max-age '1x'") && !plain.stderr.contains("USAGE"))

        for arguments in [["--json", "--max-age", "1x", "100", "usd", "eur"], ["--json", "--source", "nosuch", "100", "usd", "eur"]] {
            let json = try fx.run(arguments)
            #expect(json.status == 2, "\(arguments)")
            #expect(
                json.stdout.hasPrefix(#"{"schema_version":1,"error":{"code":""#) && json.stdout.split(separator: "\n").count == 1,
                "\(json.stdout)")
            #expect(json.stderr.split(separator: "\n").count == 1, "\(json.stderr)")
        }
    }

    @Test func zeroMaxAgeMeansTheNewestAndAZeroTimeoutSaysWhatIsAllowed() throws {
        var fx = FXRunner()
        defer { fx.cleanUp() }
        // The built-in rates are long superseded: accepted, and judged too old (3), not a usage error.
        let zero = try fx.run(["--offline", "--max-age", "0", "100", "usd", "eur"])
        #expect(zero.status == 3, "\(zero.stderr)")
        fx.environment["FX_TIMEOUT"] = "0"
        let timeout = try fx.run(["--offline", "100", "usd", "eur"])
        #expect(timeout.stderr.contains("ignoring FX_TIMEOUT: '0'; give seconds above 0, at most 600"), "\(timeout.stderr)")
        #expect(!timeout.stderr.contains("not a number"))
    }

    @Test func withNoHistorySourceEnabledADatedQuestionSaysSo() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        // Nasdaq is off by default; the Bank of Canada and the exchanges keep a history too.
        try Self.writeConfig(
            fx,
            #"{"sources": {"ecb": {"enabled": false}, "frankfurter": {"enabled": false}, "boc": {"enabled": false}, "#
                + #""coinbase": {"enabled": false}, "kraken": {"enabled": false}}}"#)
        for arguments in [["--offline", "rate", "usd", "jpy", "on", "2026-10-30"], ["--offline", "history", "usd", "jpy", "30d"]] {
            let result = try fx.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("No enabled source keeps a history"), "\(result.stderr)")
            #expect(!result.stderr.contains("Unknown source"))
        }
    }

    @Test func theConfigPathIsShownEscaped() throws {
        var fx = FXRunner()
        defer { fx.cleanUp() }
        fx.environment["XDG_CONFIG_HOME"] = fx.home.appendingPathComponent("conf\u{1B}[31m").path
        let result = try fx.run(["sources", "enable", "boc"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}") && result.stdout.contains("conf\\x1B[31m/fx/config.json"), "\(result.stdout)")
        // A warning naming the file is escaped too.
        try Data("{".utf8).write(to: URL(fileURLWithPath: fx.environment["XDG_CONFIG_HOME"]! + "/fx/config.json"))
        let warned = try fx.run(["--offline", "100", "usd", "eur"])
        #expect(warned.stderr.contains("conf\\x1B[31m") && !warned.stderr.contains("\u{1B}"), "\(warned.stderr)")
    }

    @Test func nasdaqWithAKeyIsOnOnlyWithDatasetsAndWithoutThemAsksNothing() throws {
        var fx = FXRunner()
        defer { fx.cleanUp() }
        fx.environment["FX_NASDAQ_API_KEY"] = "k3y"
        let keyOnly = try fx.run(["--offline", "sources"])
        #expect(keyOnly.stdout.contains("nasdaq       no   set"), "\(keyOnly.stdout)")
        try Self.writeConfig(
            fx, #"{"sources": {"nasdaq": {"datasets": [{"database": "ECB", "code": "EURUSD", "base": "EUR", "quote": "USD"}]}}}"#)
        let configured = try fx.run(["--offline", "sources"])
        #expect(configured.stdout.contains("nasdaq       yes  set"), "\(configured.stdout)")

        // Switched on by hand without datasets: no request, no count, and the reason is the config.
        try Self.writeConfig(fx, #"{"sources": {"nasdaq": {"enabled": true}}}"#)
        let refresh = try fx.run(["refresh", "nasdaq"])
        #expect(refresh.stdout.contains("nasdaq: failed: nothing asked: the config lists no datasets"), "\(refresh.stdout)")
        #expect(!refresh.stdout.contains("holds no rates"))
        let usage = (try? String(contentsOf: fx.home.appendingPathComponent("cache/fx/usage.json"), encoding: .utf8)) ?? ""
        #expect(!usage.contains("nasdaq"), "\(usage)")
    }

    @Test func helpNamesEverySourceForSource() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let help = try fx.run(["--help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("ecb, frankfurter, hmrc, ust, nbp, boc, oxr, dunamu, nasdaq, coinbase or kraken"), "\(help.stdout)")
    }
}
