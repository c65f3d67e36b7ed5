import ArgumentParser
@testable import FXCLI
import Testing

/// The direct read of the usual command lines must agree with ArgumentParser on every one it
/// accepts, and must leave the unusual ones to it.
@Suite struct CommandLineReaderTests {
    static let lines: [[String]] = [
        [], ["convert", "100", "usd", "eur"], ["100", "usd", "eur"], ["convert", "100", "usd", "eur", "--offline"],
        ["--offline", "convert", "100", "usd", "eur"], ["--json", "rate", "usd"], ["rate", "--json", "usd", "--no-color"],
        ["--source", "ecb", "rate", "usd"], ["rate", "usd", "--source", "frankfurter"], ["--max-age", "2d", "convert", "1", "usd", "jpy"],
        ["--fail-fast"], ["--json", "--offline", "--no-color", "--fail-fast", "history", "usd", "jpy", "1y"],
        ["history"], ["sources"], ["refresh", "ecb", "boc"], ["convert", "100", "usd", "eur", "on", "2024-03-01"],
        ["100.5", "usd", "in", "eur"], ["convert", "1e400", "usd", "eur"], ["CONVERT", "100", "USD", "EUR"],
        ["sources", "compare", "eur", "usd"], ["rate", "usd", "jpy", "on", "3d", "ago"],
        ["--rule", "previous-business-day", "rate", "usd", "eur", "on", "2024-03-04"],
        ["--snapshot", "q3-close", "100", "usd", "eur"], ["--explain", "--json", "100", "usd", "+", "20", "gbp", "in", "eur"],
    ]

    static let unusual: [[String]] = [
        ["--help"], ["-h"], ["help"], ["--version"], ["--source"], ["--source", "--offline"], ["--max-age", "soon"],
        ["--offline", "--offline"], ["--source=ecb", "rate", "usd"], ["convert", "-5", "usd", "eur"],
        ["--complete", "--", "convert", "100", "us"], ["--", "convert", "1", "usd", "eur"], ["--bogus"], ["-x"],
        ["--generate-completion-script", "bash"], ["--generate-man"], ["--rule", "near/est", "rate", "usd"],
    ]

    @Test(arguments: lines)
    func usualLinesReadDirectlyAsArgumentParserReadsThem(_ line: [String]) throws {
        let quick = try #require(CommandLineReader.quick(line))
        let parsed = try FXCommand.parse(line)
        #expect(quick == parsed.invocation)
    }

    @Test(arguments: unusual)
    func unusualLinesGoToArgumentParser(_ line: [String]) {
        #expect(CommandLineReader.quick(line) == nil)
    }

    @Test func generateManualIsAHiddenFlag() {
        var expected = Invocation()
        expected.generateManual = true
        #expect(CommandLineReader.read(["--generate-man"]) == .run(expected))
        #expect(!FXCommand.helpMessage().contains("generate-man"))
    }

    @Test func flagsAndWordsAreRead() throws {
        let invocation = try #require(CommandLineReader.quick(["--json", "convert", "100", "usd", "--source", "ecb", "eur"]))
        #expect(invocation.json && !invocation.offline)
        #expect(invocation.source == "ecb")
        #expect(invocation.commandWords == ["convert", "100", "usd", "eur"])
    }

    @Test func optionErrorsAreOneLineAndKnowOfJSON() {
        let lines: [([String], Bool)] = [
            (["--max-age", "soon"], false), (["--json", "--max-age", "1x", "100", "usd", "eur"], true), (["--json", "--source"], true),
            (["--max-age", "1x", "--", "--json"], false),
        ]
        for (line, json) in lines {
            guard case .optionError(let message, let wantsJSON) = CommandLineReader.read(line) else {
                Issue.record("expected an option error for \(line)")
                continue
            }
            #expect(wantsJSON == json, "\(line)")
            #expect(!message.contains("\n") && !message.contains("USAGE") && message.hasSuffix("(see fx --help)"), "\(message)")
        }
        guard case .optionError(let message, _) = CommandLineReader.read(["--max-age", "soon"]) else { return }
        #expect(message.contains("--max-age 'soon'"))
    }

    @Test func maxAgeZeroMeansTheNewestOnly() throws {
        #expect(try #require(CommandLineReader.quick(["--max-age", "0", "100", "usd", "eur"])).maxAge == "0")
        #expect(try FXCommand.parse(["--max-age", "0", "100", "usd", "eur"]).maxAge == "0")
    }

    @Test func helpIsPrintedOnStandardOutput() {
        guard case .exit(let status, let message, let toError) = CommandLineReader.read(["--help"]) else {
            Issue.record("expected an exit")
            return
        }
        #expect(status == 0 && !toError)
        #expect(message.contains("convert"))
    }
}

/// `fx -v`, `-q`, `-x` (issue 33): unknown options with the nearest real one, not "Unknown variable 'v'".
@Suite struct ShortOptionTests {
    @Test(arguments: [
        (["-v"], "Unknown option '-v'. Did you mean '--version'? (see fx --help)"),
        (["-x", "100", "usd", "eur"], "Unknown option '-x'. Did you mean '--explain'? (see fx --help)"),
        (["100", "usd", "eur", "-j"], "Unknown option '-j'. Did you mean '--json'? (see fx --help)"),
        (["-q"], "Unknown option '-q'; fx's options are long ones, such as --json or --offline (see fx --help)"),
        (["-jsn"], "Unknown option '-jsn'. Did you mean '--json'? (see fx --help)"),
    ])
    func aShortOptionIsAnOptionError(arguments: [String], message: String) {
        #expect(CommandLineReader.read(arguments) == .optionError(message: message, json: false))
    }

    @Test func negativeAmountsAndHelpStay() {
        guard case .run = CommandLineReader.read(["-5", "usd", "eur"]) else { Issue.record("-5 usd eur"); return }
        guard case .exit = CommandLineReader.read(["-h"]) else { Issue.record("-h"); return }
    }
}
