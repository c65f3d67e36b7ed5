import FXTestSupport
import Foundation
import Testing

/// `set alias` in the built `fx`: an alias set in one run is read by the next (a conversion,
/// `convert`, `rate`, a calculation, JSON), says when it takes a name of fx's over, is removed by
/// `none`, never takes a code or a keyword, survives a bad entry beside it, and is offered by TAB.
@Suite(.serialized) struct AliasEndToEndTests {
    func configFile(_ fx: FXRunner) -> URL { fx.home.appendingPathComponent("config/fx/config.json") }

    @Test func anAliasSetInOneRunIsReadByTheNextWhereverACurrencyGoes() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let set = try fx.run(["set", "alias", "buck", "cad"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.hasPrefix("buck now means CAD (Canadian Dollar); kept in "), "\(set.stdout)")
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: configFile(fx))) as? [String: Any]
        #expect(config?["aliases"] as? [String: String] == ["buck": "CAD"])

        let bucks = try fx.run(["100 bucks in eur"])
        #expect(bucks.status == 0, "\(bucks.stderr)")
        #expect(bucks.stdout == (try fx.run(["100 cad in eur"])).stdout)
        #expect(bucks.stderr.contains("note: bucks = CAD (Canadian Dollar), by your alias, not fx's own name"), "\(bucks.stderr)")
        #expect(try fx.run(["convert", "100", "Buck", "eur"]).stdout == (try fx.run(["convert", "100", "cad", "eur"])).stdout)
        let rate = try fx.run(["rate buck usd"])
        let cadRate = try fx.run(["rate cad usd"])
        #expect(rate.status == 0 && rate.stdout == cadRate.stdout, "\(rate.stdout) \(rate.stderr)")
        let sum = try fx.run(["2 bucks + 3 usd in eur"])
        let cadSum = try fx.run(["2 cad + 3 usd in eur"])
        #expect(sum.status == 0 && sum.stdout == cadSum.stdout, "\(sum.stdout) \(sum.stderr)")

        let json = try fx.run(["--json", "100 buck in eur"])
        #expect(
            json.stdout.contains(#""understood":[{"word":"buck","currency":"CAD","name":"Canadian Dollar","chosen":"alias_over_name"}]"#),
            "\(json.stdout)")
        #expect(try fx.run(["settings"]).stdout.contains("aliases        buck = CAD\n"))

        // A script sets one and reads it on the next line; an alias of no name of fx's needs no note.
        let script = try fx.run([], stdin: "set alias greenback usd\n100 greenbacks in eur\n")
        #expect(script.status == 0, "\(script.stderr)")
        #expect(script.stdout.hasSuffix((try fx.run(["100 usd in eur"])).stdout), "\(script.stdout)")
        #expect(!script.stderr.contains("note:"), "\(script.stderr)")
        let both = try JSONSerialization.jsonObject(with: Data(contentsOf: configFile(fx))) as? [String: Any]
        #expect(both?["aliases"] as? [String: String] == ["buck": "CAD", "greenback": "USD"])
    }

    @Test func noneRemovesAnAliasAndFxsOwnNameReadsAgain() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        #expect(try fx.run(["set", "alias", "buck", "cad"]).status == 0)
        let removed = try fx.run(["set", "alias", "buck", "none"])
        #expect(removed.status == 0)
        #expect(removed.stdout.hasPrefix("alias buck removed; kept in "), "\(removed.stdout) \(removed.stderr)")
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: configFile(fx))) as? [String: Any]
        #expect(config?["aliases"] == nil, "the last alias removed takes the key with it")
        let bucks = try fx.run(["100 bucks in eur"])
        #expect(bucks.stdout == (try fx.run(["100 usd in eur"])).stdout)
        #expect(bucks.stderr.contains("note: bucks = USD (US Dollar); write the code for another"), "\(bucks.stderr)")
        #expect(try fx.run(["settings"]).stdout.contains("aliases        (none)\n"))
    }

    @Test(arguments: [
        (["set", "alias", "usd", "eur"], "fx: 'usd' is a currency already; an alias may not stand for another (set alias quid gbp).\n"),
        (["set", "alias", "in", "gbp"], "fx: 'in' is a word of fx's grammar; an alias may not take it (set alias quid gbp).\n"),
        (["set", "alias", "quid-2", "gbp"], "fx: 'quid-2' cannot be an alias; use 2 to 32 letters and digits, starting with a letter.\n"),
    ])
    func aCodeAKeywordOrAMalformedNameIsRefusedAndNothingWritten(arguments: [String], message: String) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let refused = try fx.run(arguments)
        #expect(refused.status == 2)
        #expect(refused.stderr == message)
        #expect(refused.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: configFile(fx).path))
    }

    @Test func aBadEntryInTheConfigIsOneWarningNamingItAndTheOthersStillRead() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        try FileManager.default.createDirectory(at: configFile(fx).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"aliases": {"quid": 5, "loon": "XYZ", "usd": "EUR", "greenback": "USD"}}"#.utf8).write(to: configFile(fx))
        let answer = try fx.run(["100 greenbacks in eur"])
        #expect(answer.status == 0, "\(answer.stderr)")
        #expect(answer.stdout == (try fx.run(["100 usd in eur"])).stdout)
        let warnings = answer.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 3, "\(answer.stderr)")
        #expect(warnings.contains { $0.contains("ignoring alias 'quid' in ") && $0.hasSuffix(": give a currency code") })
        #expect(warnings.contains { $0.contains("ignoring alias 'loon' in ") && $0.hasSuffix(": 'XYZ' is not a currency code") })
        #expect(warnings.contains { $0.contains("ignoring alias 'usd' in ") && $0.contains("is a currency already") })
        // The code stays a code.
        #expect(try fx.run(["100 usd in eur"]).stdout.hasPrefix("100.00 USD = "))
        // The entry a warning names can be removed with `set`.
        #expect(try fx.run(["set", "alias", "usd", "none"]).status == 0)
        #expect(try fx.run(["100 usd in eur"]).stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.count == 2)
    }

    @Test func theShellsTABOffersAliasesWhereCurrenciesGoAndAfterSetAlias() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        #expect(try fx.run(["set", "alias", "greenback", "usd"]).status == 0)
        #expect(try fx.run(["set", "alias", "loon", "cad"]).status == 0)
        #expect(try fx.run(["--complete", "--", "convert", "100", "gree"]).stdout == "greenback\n")
        #expect(try fx.run(["--complete", "--", "100", "usd", "in", "lo"]).stdout.hasPrefix("loon\n"))
        #expect(try fx.run(["--complete", "--", "rate", "gree"]).stdout == "greenback\n")
        #expect(try fx.run(["--complete", "--", "set", "alias", ""]).stdout == "greenback\nloon\n")
        #expect(try fx.run(["--complete", "--", "set", "alias", "loon", "no"]).stdout.hasPrefix("none\n"))
    }

    /// Script mode's fast lane learns answers by line: a line answered before `set alias` is
    /// answered anew after it, and after its removal.
    @Test func aScriptReadsALineAnewOnceAnAliasChangesIt() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let usd = try fx.run(["100 usd in eur"]).stdout, cad = try fx.run(["100 cad in eur"]).stdout
        let line = "100 bucks in eur\n"
        let script = try fx.run([], stdin: line + line + "set alias buck cad\n" + line + line + "set alias buck none\n" + line)
        #expect(script.status == 0, "\(script.stderr)")
        let answers = script.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("100.00 ") }
        #expect(answers.map { $0 + "\n" } == [usd, usd, cad, cad, usd], "\(script.stdout)")
    }

    /// At the fx> prompt: an alias set there is read at once, and TAB offers it with its code.
    @Test(.enabled(if: TmuxTerminal.available)) func thePromptReadsAndCompletesAnAliasSetThere() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try PromptTerminalTests().start(fx)
        defer { terminal.close() }
        try terminal.send("set alias greenback usd", "Enter")
        _ = try terminal.waitFor { $0.contains("greenback now means USD") }
        try terminal.send("100 eur in gree", "Tab")
        let completed = try terminal.waitFor { $0.contains("fx> 100 eur in greenback") }
        #expect(completed.contains("fx> 100 eur in greenback"), "\(completed)")
        try terminal.send("Enter")
        let answered = try terminal.waitFor { $0.contains("100.00 EUR = ") && $0.contains(" USD") }
        #expect(answered.contains("100.00 EUR = "), "\(answered)")
    }
}
