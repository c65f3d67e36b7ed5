import FXTestSupport
import Foundation
import Testing

/// The calculator in the built `fx`, in all three modes: one-shot, a script on stdin, and the
/// prompt on a terminal. Figures are worked out here from the ECB file the loopback server sends.
@Suite(.serialized) struct CalculatorEndToEndTests {
    /// Units per euro in the served file, read from the fixture itself.
    static let perEuro: [String: Decimal] = {
        let text = String(decoding: fixture("eurofxref-daily.2026-10-30.xml"), as: UTF8.self)
        var rates: [String: Decimal] = ["EUR": 1]
        let pattern = try! NSRegularExpression(pattern: "currency='([A-Z]{3})' rate='([0-9.]+)'")
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let code = String(text[Range(match.range(at: 1), in: text)!])
            rates[code] = Decimal(exactly: String(text[Range(match.range(at: 2), in: text)!]))
        }
        return rates
    }()

    static func converted(_ amount: Decimal, _ from: String, _ to: String) -> Decimal { amount * perEuro[to]! / perEuro[from]! }

    /// Rounded half away from zero and written with grouping, as fx shows money.
    static func shown(_ value: Decimal, _ scale: Int = 2) -> String {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, scale, .plain)
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.minimumFractionDigits = scale
        formatter.maximumFractionDigits = scale
        return formatter.string(from: output as NSDecimalNumber)!
    }

    // MARK: - One-shot

    @Test func oneShotSumsTickersAndAHomeCurrency() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let sum = try fx.run(["100", "usd", "+", "20", "eur", "in", "gbp"])
        let gbp = Self.converted(100, "USD", "GBP") + Self.converted(20, "EUR", "GBP")
        #expect(sum.status == 0, "\(sum.stderr)")
        #expect(sum.stdout == "100.00 USD + 20.00 EUR = \(Self.shown(gbp)) GBP\n")
        // The whole line as one argument reads the same (the way to keep `*` from the shell).
        let quoted = try fx.run(["2 * (30 eur + 12 gbp) in jpy"])
        let jpy = 2 * (Self.converted(30, "EUR", "JPY") + Self.converted(12, "GBP", "JPY"))
        #expect(quoted.stdout == "2 * (30.00 EUR + 12.00 GBP) = \(Self.shown(jpy, 0)) JPY\n", "\(quoted.stderr)")

        let ticker = try fx.run(["usd", "jpy"])
        #expect(ticker.status == 0)
        #expect(ticker.stdout.hasPrefix("1 USD = \(Self.shown(Self.converted(1, "USD", "JPY"))) JPY"), "\(ticker.stdout)")
        #expect(try fx.run(["usd/jpy"]).stdout == ticker.stdout)

        let unset = try fx.run(["100", "usd"])
        #expect(unset.status == 2)
        #expect(unset.stderr.contains("set home chf"))

        let set = try fx.run(["set", "home", "chf"])
        #expect(set.status == 0, "\(set.stderr)")
        let home = try fx.run(["100", "usd"])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.stdout == "100.00 USD = \(Self.shown(Self.converted(100, "USD", "CHF"))) CHF\n")
        let usd = try fx.run(["usd"])
        #expect(usd.stdout.hasPrefix("1 USD = "), "\(usd.stdout)")
        #expect(usd.stdout.split(separator: "\n").first?.contains(" CHF") == true, "\(usd.stdout)")
        #expect(try fx.run(["settings"]).stdout.contains("CHF"))
        #expect(try fx.run(["set", "home", "none"]).status == 0)
        #expect(try fx.run(["100", "usd"]).status == 2)
    }

    @Test func oneShotMessagesUsersHit() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let late = try fx.run(["--offline", "100", "usd", "eur", "on", "2013-03-21", "gbp"])
        #expect(late.status == 2)
        #expect(late.stderr.contains("Type 'help on'"), "\(late.stderr)")
        #expect(try fx.run(["--offline", "help", "on"]).status == 0)
        let option = try fx.run(["--offline", "100", "usd", "eur", "--foo"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("--foo"))
        #expect(!option.stderr.contains("Unknown currency"), "\(option.stderr)")
        let twice = try fx.run(["--offline", "100", "usd", "eur", "eur"])
        #expect(twice.stdout.split(separator: "\n").count == 1, "\(twice.stdout)")
        let and = try fx.run(["--offline", "100", "usd", "in", "eur", "and", "gbp"])
        #expect(and.status == 0, "\(and.stderr)")
        #expect(and.stdout.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) } == ["EUR", "GBP"])
        // Each command's own example in its own error.
        for (arguments, example) in [
            (["rate"], "Example: rate "), (["history", "usd"], "Example: history "), (["sources", "order"], "Example: sources order"),
        ] {
            let result = try fx.run(["--offline"] + arguments)
            #expect(result.status == 2)
            #expect(result.stderr.contains(example), "\(arguments): \(result.stderr)")
        }
        var plain = FXRunner()
        defer { plain.cleanUp() }
        plain.environment["TERM"] = "dumb"
        let dumb = try plain.run(["con"])
        #expect(dumb.stderr.contains("'convert'"), "\(dumb.stderr)")
    }

    // MARK: - Scripts

    @Test func aScriptKeepsVariablesAndAnsAndLabelsItsErrors() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let script = "\u{FEFF}rent = 1450 chf\nrent * 12 in eur\nusd = 5\nans + 100 eur\nbogus\nvars\n17.5 * 3\n"
        let result = try fx.run([], stdin: script)
        let yearly = Self.converted(1450 * 12, "CHF", "EUR")
        var rounded = Decimal()
        var input = yearly
        NSDecimalRound(&rounded, &input, 2, .plain)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                rent = 1,450.00 CHF = 1,450.00 CHF
                rent * 12 = \(Self.shown(yearly)) EUR
                ans + 100.00 EUR = \(Self.shown(rounded + 100)) EUR
                rent  1,450.00 CHF
                17.5 * 3 = 52.5

                """, "\(result.stderr)")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("fx: line") }
        #expect(errors.count == 2, "\(result.stderr)")
        #expect(errors.first?.hasPrefix("fx: line 3: 'usd' is a currency") == true)
        #expect(errors.last?.hasPrefix("fx: line 5: Unknown command 'bogus'") == true)
        // Variables belong to one script: the next run starts without them.
        let next = try fx.run([], stdin: "rent\n")
        #expect(next.status == 2)
    }

    // MARK: - The prompt

    @Test(.enabled(if: TmuxTerminal.available)) func thePromptCalculatesAndCompletesTheNewWords() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try PromptTerminalTests().start(fx)
        defer { terminal.close() }

        try terminal.send("100 usd + 20 eur in gbp", "Enter")
        let gbp = Self.shown(Self.converted(100, "USD", "GBP") + Self.converted(20, "EUR", "GBP"))
        try expectScreen(terminal) { $0.contains("= \(gbp) GBP") }

        try terminal.send("set ", "Tab", "Tab")
        let keys = try expectScreen(terminal) { $0.contains("number_format") }
        #expect(keys.contains("home") && keys.contains("targets"), "\(keys)")
        try terminal.send("C-u")

        try terminal.send("200 usd + 15% ", "Tab", "Tab")
        let fee = try expectScreen(terminal) { $0.contains("fee") }
        #expect(fee.split(separator: "\n").contains { $0.split(separator: " ").contains("of") }, "\(fee)")
        try terminal.send("C-u")

        try terminal.send("rent = 1450 chf", "Enter")
        try expectScreen(terminal) { $0.contains("rent = 1,450.00 CHF") }
        try terminal.send("2 * ren", "Tab")
        try expectScreen(terminal) { $0.contains("fx> 2 * rent") }
        try terminal.send("in eur", "Enter")
        let doubled = Self.shown(Self.converted(2900, "CHF", "EUR"))
        try expectScreen(terminal) { $0.contains("= \(doubled) EUR") }

        try terminal.send("100 usd eur on la", "Tab")
        try expectScreen(terminal) { $0.contains("fx> 100 usd eur on last") }
        try terminal.send("fr", "Tab")
        try expectScreen(terminal) { $0.contains("fx> 100 usd eur on last friday") }
        try terminal.send("C-u", "100 usd eur on ", "Tab", "Tab")
        let dates = try expectScreen(terminal) { $0.contains("yesterday") }
        #expect(dates.contains("today") && dates.contains("end"), "\(dates)")
    }

    /// Waits for the screen to satisfy `condition`, and fails the test (showing the screen) when it never does.
    @discardableResult
    func expectScreen(
        _ terminal: TmuxTerminal, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) throws -> String {
        let screen = try terminal.waitFor(condition)
        #expect(condition(screen), "\(screen)", sourceLocation: sourceLocation)
        return screen
    }
}
