import FXTestSupport
import Foundation
import Testing

/// A mean, a history or a price file over a period the held history covers only in part: the built-in
/// rates hold 2026-08-03 to 2026-10-30, asked offline or with every provider failing. Without
/// `--partial` it is an error naming the days held; with it, the answer says it is not the whole period.
@Suite struct PartialPeriodTests {
    enum Network: CaseIterable { case offline, failing }

    /// A fresh fx without network (`--offline`), or with the ECB answering 404 to everything and the
    /// other sources at a closed port.
    final class Rig {
        let fx: FXRunner
        let server: LoopbackHTTPServer?
        let network: Network

        init(_ network: Network) throws {
            self.network = network
            server = network == .failing ? try LoopbackHTTPServer(routes: [:]) : nil
            fx = FXRunner(ecbURL: server?.ecbURL)
        }

        deinit {
            server?.stop()
            fx.cleanUp()
        }

        func run(_ words: [String]) throws -> FXRunner.Result {
            try fx.run((network == .offline ? ["--offline"] : []) + words)
        }

        /// The error's advice: fetch online, or try again when the providers answer.
        var advice: String { network == .offline ? "Ask without --offline to fetch the rest" : "The rest could not be fetched" }
    }

    static let held = "65 days held, 2026-08-03 to 2026-10-30"

    static func json(_ text: String) throws -> [String: Any] {
        try #require(jsonAnswer(text))
    }

    func expectRefused(_ rig: Rig, _ words: [String], period: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try rig.run(words)
        #expect(result.status == 1, "\(words): \(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(words): \(result.stdout)", sourceLocation: sourceLocation)
        let said = "Not the whole of \(period): the built-in European Central Bank rates hold only 65 days of it, 2026-08-03 to 2026-10-30."
        #expect(result.stderr.contains(said), "\(words): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(rig.advice), "\(words): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("add --partial to use the days held"), "\(words): \(result.stderr)", sourceLocation: sourceLocation)
    }

    func answer(_ rig: Rig, _ words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try rig.run(words)
        #expect(result.status == 0, "\(words): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `coverage` of a JSON answer: days, first, last, complete, to_date.
    func expectCoverage(
        _ object: [String: Any]?, days: Int, first: String, last: String, complete: Bool, toDate: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let coverage = object?["coverage"] as? [String: Any]
        #expect(coverage?["days"] as? Int == days, "\(String(describing: object))", sourceLocation: sourceLocation)
        #expect(coverage?["first"] as? String == first, sourceLocation: sourceLocation)
        #expect(coverage?["last"] as? String == last, sourceLocation: sourceLocation)
        #expect(coverage?["complete"] as? Bool == complete, sourceLocation: sourceLocation)
        #expect(coverage?["to_date"] as? Bool == toDate, sourceLocation: sourceLocation)
    }

    @Test(arguments: Network.allCases)
    func rateAverageOfAYearHeldInPart(network: Network) throws {
        let rig = try Rig(network)
        try expectRefused(rig, ["rate", "usd", "eur", "avg", "2026"], period: "2026")
        for partial in ["--partial", "partial"] {
            let text = try answer(rig, ["rate", "usd", "eur", "avg", "2026", partial])
            #expect(text.hasPrefix("1 USD = 0.874843 EUR   mean of the \(Self.held), not the whole of 2026\n"), "\(text)")
        }
        let json = try Self.json(try answer(rig, ["--json", "rate", "usd", "eur", "avg", "2026", "--partial"]))
        expectCoverage(json, days: 65, first: "2026-08-03", last: "2026-10-30", complete: false, toDate: true)
        // A month held whole needs no word, and says it is whole.
        let september = try Self.json(try answer(rig, ["--json", "rate", "usd", "eur", "avg", "2026-09"]))
        expectCoverage(september, days: 22, first: "2026-09-01", last: "2026-09-30", complete: true, toDate: false)
        #expect(try answer(rig, ["rate", "usd", "eur", "avg", "2026-09"]).hasPrefix("1 USD = 0.86863 EUR   mean of 2026-09\n"))
    }

    @Test(arguments: Network.allCases)
    func conversionsAtTheMeanOfAYearHeldInPart(network: Network) throws {
        let rig = try Rig(network)
        try expectRefused(rig, ["convert", "100", "usd", "eur", "avg", "2026"], period: "2026")
        try expectRefused(rig, ["100 usd + 1 usd in eur avg 2026"], period: "2026")
        let text = try answer(rig, ["convert", "100", "usd", "eur", "avg", "2026", "--partial"])
        #expect(
            text == "100.00 USD = 87.48 EUR\nat the mean of the daily reference rates of the \(Self.held), not the whole of 2026\n",
            "\(text)")
        let sum = try answer(rig, ["100 usd + 1 usd in eur avg 2026 partial"])
        #expect(sum.contains("of the \(Self.held), not the whole of 2026"), "\(sum)")
        let json = try Self.json(try answer(rig, ["--json", "convert", "100", "usd", "eur", "avg", "2026", "--partial"]))
        expectCoverage(json, days: 65, first: "2026-08-03", last: "2026-10-30", complete: false, toDate: true)
    }

    @Test(arguments: Network.allCases)
    func historyOfAYearHeldInPart(network: Network) throws {
        let rig = try Rig(network)
        for words in [
            ["history", "usd", "eur", "1y"], ["history", "usd", "eur", "1y", "--monthly"], ["history", "usd", "eur", "1y", "--ledger"],
        ] {
            let result = try rig.run(words)
            #expect(result.status == 1, "\(words): \(result.stdout)")
            #expect(result.stderr.contains("Not the whole of "), "\(words): \(result.stderr)")
            #expect(result.stderr.contains("only 65 days of it, 2026-08-03 to 2026-10-30. \(rig.advice)"), "\(words): \(result.stderr)")
        }
        let chart = try answer(rig, ["history", "usd", "eur", "1y", "--partial"])
        #expect(chart.contains("\n\(Self.held), not the whole of "), "\(chart)")
        let monthly = try answer(rig, ["history", "usd", "eur", "1y", "--monthly", "--partial"])
        #expect(monthly.contains("USD/EUR: \(Self.held), not the whole of "), "\(monthly)")
        let ledger = try answer(rig, ["history", "usd", "eur", "1y", "--ledger", "--partial"])
        #expect(
            ledger.hasPrefix(
                "; European Central Bank daily reference rates, USD/EUR, 2026-08-03 to 2026-10-30; only \(Self.held), not the whole of "),
            "\(ledger)")
        #expect(ledger.split(separator: "\n").count == 66)
        for words in [["history", "usd", "eur", "1y"], ["history", "usd", "eur", "1y", "--yearly"]] {
            let json = try Self.json(try answer(rig, ["--json"] + words + ["--partial"]))
            expectCoverage(json, days: 65, first: "2026-08-03", last: "2026-10-30", complete: false, toDate: true)
        }
        // Whole months held need no word.
        let held = try Self.json(
            try answer(rig, ["--json", "history", "usd", "eur", "from", "2026-08-01", "to", "2026-10-31", "--monthly"]))
        expectCoverage(held, days: 65, first: "2026-08-03", last: "2026-10-30", complete: true, toDate: false)
    }
}
