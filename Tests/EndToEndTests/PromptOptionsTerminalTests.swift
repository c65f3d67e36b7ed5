import FXTestSupport
import Foundation
import Testing

/// Issue 33 at a real prompt: options on any line, `set json`, TAB after `--`, a readable Ctrl-R,
/// and the history file as typed.
extension PromptTerminalTests {
    @Test func aLinesOptionsApplyToThatLineAndSetJSONToTheSession() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx)
        defer { terminal.close() }
        try terminal.send("100 usd eur --json", "Enter")
        // The terminal wraps the JSON line at its width: read it joined.
        let json = try terminal.waitFor { $0.replacingOccurrences(of: "\n", with: "").contains("\"result\":\"89.51\"") }
        #expect(
            json.replacingOccurrences(of: "\n", with: "").contains(
                "{\"amount\":\"100\",\"from\":\"USD\",\"to\":\"EUR\",\"result\":\"89.51\""),
            "\(json)")
        try terminal.send("100 usd gbp", "Enter")
        try terminal.waitFor { $0.contains("100.00 USD = 74.63 GBP") }
        try terminal.send("set json on", "Enter")
        try terminal.waitFor { $0.contains("answers now written as JSON") }
        try terminal.send("100 usd chf", "Enter")
        let session = try terminal.waitFor { $0.contains("\"to\":\"CHF\"") }
        #expect(!session.contains("USD = ") || session.contains("74.63 GBP"), "\(session)")
    }

    @Test func tabAfterTwoDashesOffersOptions() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx)
        defer { terminal.close() }
        try terminal.send("history usd jpy --", "Tab", "Tab")
        let listing = try terminal.waitFor { $0.contains("--ledger") && $0.contains("--source") }
        #expect(!listing.contains("JPY  "), "\(listing)")
        try terminal.send("C-u", "100 usd eur --so", "Tab")
        try terminal.waitFor { $0.contains("fx> 100 usd eur --source") }
    }

    @Test func ctrlRSaysWhatItSearchesAndTheHistoryKeepsLinesAsTyped() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let state = fx.home.appendingPathComponent("state/fx")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try "100 usd eur\nrate usd jpy\n100 usd gbp\n".write(to: state.appendingPathComponent("history"), atomically: true, encoding: .utf8)
        let terminal = try start(fx)
        defer { terminal.close() }
        try terminal.send("C-r", "jpy")
        let search = try terminal.waitFor { $0.contains("(reverse-i-search)'jpy': rate usd jpy") }
        #expect(!search.contains("bck:"), "\(search)")
        try terminal.send("Enter")
        try terminal.waitFor { $0.contains("1 USD = 157.25 JPY") }
        try terminal.send("convert 5 usd in eur", "Enter")
        try terminal.waitFor { $0.contains("5.00 USD = ") }
        try terminal.send("quit", "Enter")
        #expect(try exitStatus(fx) == "EXIT=0")
        let history = try String(contentsOf: state.appendingPathComponent("history"), encoding: .utf8)
        #expect(history.hasSuffix("rate usd jpy\nconvert 5 usd in eur\nquit\n") && !history.contains("\\040"), "\(history)")
    }
}

/// Issue 33 in a script on stdin and one-shot: a line's options for that line; `set source` for the rest.
@Suite struct LineOptionsEndToEndTests {
    @Test func scriptLinesCarryOptions() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline"], stdin: "100 usd eur --json\n100 usd eur\n--rule previous-business-day 100 usd eur --bogus\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(
            lines.count == 2 && jsonAnswer(String(lines[0]))?["result"] as? String == "89.51" && lines[1] == "100.00 USD = 89.51 EUR",
            "\(result.stdout)")
        #expect(result.stderr.contains("fx: line 3: Unknown option '--bogus'."), "\(result.stderr)")
        #expect(result.status == 2)
    }

    @Test func shortOptionsAndAMissingAmountAreNamed() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        for (arguments, message) in [
            (["-v"], "fx: Unknown option '-v'. Did you mean '--version'? (see fx --help)\n"),
            (["-x"], "fx: Unknown option '-x'. Did you mean '--explain'? (see fx --help)\n"),
            (["usd", "+", "5"], "fx: Missing amount. Example: 100 usd + 5 usd\n"),
        ] {
            let result = try fx.run(arguments)
            #expect(result.status == 2 && result.stderr == message, "\(arguments): \(result.stderr)")
        }
    }

    /// `fx --complete -- history usd jpy --` gave JPY; now the options.
    @Test func completeOffersOptionsAfterTwoDashes() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let options = try fx.run(["--complete", "--", "history", "usd", "jpy", "--"]).stdout.split(separator: "\n")
        #expect(options.contains("--ledger") && options.contains("--source") && !options.contains("JPY"), "\(options)")
        let run = try fx.run(["--complete", "--", "--of"]).stdout
        #expect(run == "--offline\n")
        let sources = try fx.run(["--complete", "--", "100", "usd", "eur", "--source", ""]).stdout.split(separator: "\n")
        #expect(sources.contains("ecb") && sources.contains("boc"), "\(sources)")
    }
}
