import FXRates
import FXTestSupport
import Foundation
import Testing

/// The phrasings people tried from outside (issue 33 §7) in the built `fx`: each answers as the
/// plain line of codes and digits it means, at the prompt's grammar and in a script alike.
@Suite(.serialized) struct PhrasingEndToEndTests {
    @Test func phrasingsAnswerAsTheirPlainLines() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        for (phrased, plain) in [
            ("fifty quid to yen", "50 gbp jpy"), ("a hundred dollars in euros", "100 usd eur"),
            ("twenty-five euros in usd", "25 eur usd"), ("half a million yen in usd", "500000 jpy usd"),
            ("100 swedish kronor in eur", "100 sek eur"), ("100 norwegian kroner in eur", "100 nok eur"),
            ("usd→jpy 1.5k", "1500 usd jpy"), ("what's 100 usd worth in gbp", "100 usd gbp"),
        ] {
            let answer = try fx.run([phrased]), expected = try fx.run([plain])
            #expect(answer.status == 0, "\(phrased): \(answer.stderr)")
            #expect(answer.stdout == expected.stdout, "\(phrased)")
        }
        // The same in a script, one line each.
        let script = try fx.run([], stdin: "fifty quid to yen\n100 eur in cfa francs\n")
        let expected = try fx.run([], stdin: "50 gbp jpy\n100 eur in xof, xaf\n")
        #expect(script.stdout == expected.stdout, "\(script.stderr)")
        #expect(script.stderr.contains("note: cfa francs = XOF (CFA Franc BCEAO) and XAF (CFA Franc BEAC)"), "\(script.stderr)")
        let json = try fx.run(["--json", "fifty quid to yen"])
        #expect(json.stdout.contains(#""understood":[{"word":"fifty","number":"50"},"#), "\(json.stdout)")
    }

    /// Named days (`on christmas 2024`, `at the end of 2024`) answer end to end in the guide's
    /// examples, on the real history (GuideExampleTests).
    @Test func anAmbiguousNameIsAsked() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let asked = try fx.run(["100 cfa francs in eur"])
        #expect(asked.status == 2)
        #expect(
            asked.stderr == "fx: 'cfa francs' may be XOF (CFA Franc BCEAO) or XAF (CFA Franc BEAC). Write the code of the one you mean.\n")
        let json = try fx.run(["--json", "100 cfa francs in eur"])
        #expect(json.stdout.contains(#""code":"ambiguous_currency""#), "\(json.stdout)")
    }
}
