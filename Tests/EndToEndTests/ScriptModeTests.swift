import FXTestSupport
import Foundation
import Testing

/// `fx < file`: answers on stdout in order, errors on stderr by line, the first failure's status.
@Suite struct ScriptModeTests {
    /// `sources disable|enable` count from the next line of the same session, not the next run.
    @Test func sourcesChangedInASessionAreAskedSoAtOnce() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let script = """
            sources disable ecb
            refresh ecb
            sources enable ecb
            refresh ecb
            """
        let result = try fx.run([], stdin: script)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout) \(result.stderr)")
        #expect(lines.first?.hasPrefix("ecb disabled in ") == true && lines.first?.hasSuffix("; in effect now") == true, "\(lines)")
        #expect(result.stderr.contains("fx: line 2: The source 'ecb' is disabled"), "\(result.stderr)")
        #expect(lines.last?.hasPrefix("ecb: updated") == true, "\(lines)")
        #expect(server.requests.count == 1)
    }

    @Test func badLineIsReportedAndTheRestStillRuns() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let script = """
            # monthly expenses
            100 usd eur

            convert 50 gbp in usd
            convert 12,34,5 usd eur
            rate eur chf
            """
        let result = try fx.run([], stdin: script)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                100.00 USD = 89.51 EUR
                50.00 GBP = 66.99 USD
                1 EUR = 0.9194 CHF   (1 CHF = 1.08767 EUR)

                """)
        #expect(result.stderr.contains("fx: line 5: Malformed amount '12,34,5'."))
        #expect(server.requests.count == 1)
    }

    /// Editors that save UTF-8 with a byte-order mark put it before the first line; it is no word.
    @Test func aByteOrderMarkBeforeTheFirstLineIsIgnored() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline"], stdin: "\u{FEFF}100 usd eur\n100 usd eur eur\n")
        #expect(!result.stderr.contains("fx: line"), "\(result.stderr)")
        #expect(result.status == 0)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n100.00 USD = 89.51 EUR\n")
    }

    @Test func failFastStopsAtTheFirstFailure() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "--fail-fast"], stdin: "100 usd eur\nbogus\n100 usd jpy\n")
        #expect(result.status == 2)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
    }

    @Test func jsonModePrintsOneObjectPerLine() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "--json"], stdin: "100 usd eur\nbogus\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains(#""line":2"#))
        #expect(result.status == 2)
    }
}
