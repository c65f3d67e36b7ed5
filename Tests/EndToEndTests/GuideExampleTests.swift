import FXRates
import FXTestSupport
import Foundation
import Testing

/// Every example of `Documentation/Guide.md` and of README.md's tour run by the built `fx`, so
/// neither can drift from the program. Each console block gets a fresh home and a loopback ECB serving the real
/// daily file of 2026-10-30 and the real history up to that day (and Frankfurter's institutions,
/// NBP's table A through `NBPRelay`): the answers the guide shows are the ones those rates give,
/// whatever the date the test runs on.
@Suite struct GuideExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: ["Documentation/Guide.md", "README.md"])
    func everyExamplePrintsWhatTheDocumentShows(_ document: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let examples = try GuideExamples(markdown: text, name: document)
        #expect(examples.unrun.isEmpty, "'$ fx' lines outside console blocks, which no test runs: \(document) lines \(examples.unrun)")
        #expect(examples.blocks.flatMap(\.examples).count >= 10, "\(document): its examples were not found")

        let routes: [String: LoopbackHTTPServer.Reply] =
            [
                ECBServer.dailyPath: .ok(ECBServer.daily(dated: Day(iso: "2026-10-30")!), headers: ["ETag": "\"v1\""]),
                "/ecb/eurofxref-hist.zip": .ok(try ECBFiles.zip(csv: ecbFullHistoryCSV), contentType: "application/zip"),
                "/frankfurter/rates": .ok(Data(Self.frankfurterLatest.utf8), contentType: "application/json", headers: ["ETag": "\"f1\""]),
                "/frankfurter/providers": .ok(
                    ratesFixture("frankfurter-v2/providers-hmrc-ust.constructed.json"), contentType: "application/json"),
                "/frankfurter/providers/hmrc/rates": .ok(
                    ratesFixture("frankfurter-v2/provider-hmrc-rates-2026-09-01.constructed.json"), contentType: "application/json"),
                "/frankfurter/providers/ust/rates": .ok(try RuleInstitutionEndToEndTests.ustRange(), contentType: "application/json"),
            ].merging(CryptoEndToEndTests.latestRoutes) { first, _ in first }
        // NBP's table A answers each query as Frankfurter v2 relays it.
        let relay = NBPRelay.tableA
        let server = try LoopbackHTTPServer { request in
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            if path == RuleInstitutionEndToEndTests.nbpPath { return relay.reply(request) }
            return routes[path] ?? .status(404, body: "not found")
        }
        defer { server.stop() }
        for block in examples.blocks {
            var fx = FXRunner(ecbURL: server.ecbURL)
            fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
            defer { fx.cleanUp() }
            // The exchanges answer with the crypto prices of `CryptoEndToEndTests`.
            for id in ["coinbase", "kraken"] {
                fx.environment["FX_\(id.uppercased())_URL"] = server.baseURL.appendingPathComponent("\(id)/").absoluteString
            }
            let work = fx.home.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            fx.workingDirectory = work
            for file in block.files {
                try Data(file.contents.utf8).write(to: work.appendingPathComponent(file.name))
            }
            for example in block.examples {
                let result = try fx.run(example.arguments, stdin: example.stdin)
                let printed = GuideExamples.trimmed(
                    (result.stdout + GuideExamples.withoutOverdueNote(result.stderr, unlessIn: example.expected)).components(
                        separatedBy: "\n"))
                let same =
                    printed.count == example.expected.count
                    && zip(example.expected, printed).allSatisfy { GuideExamples.matches($0, $1) }
                #expect(
                    same && result.status == example.status,
                    """
                    \(document):\(example.line): $ \(example.command)
                    the document shows (exit \(example.status)):
                    \(example.expected.joined(separator: "\n"))
                    fx printed (exit \(result.status)):
                    \(printed.joined(separator: "\n"))
                    """)
            }
        }
    }

    /// The guide's Frankfurter v2 blend: the ECB's table of 2026-10-30 (as the ECB server's), with
    /// NGN from the Central Bank of Nigeria a day older, AED by its peg, and gold per ounce.
    static let frankfurterLatest: String = {
        let ecb = BuiltInRates.ecb.latest
        var rates = ecb.rates
        rates[CurrencyCode("NGN")!] = Decimal(string: "1712.46")!
        rates[CurrencyCode("AED")!] = Decimal(string: "4.1029")!
        rates[CurrencyCode("XAU")!] = Decimal(string: "0.0002853")!
        let table = RateTable(base: .eur, date: ecb.date, rates: rates, rowDates: [CurrencyCode("NGN")!: ecb.date.adding(days: -1)])
        return FrankfurterV2Body.latest(
            table, institutions: ["ECB", "BOC", "FRED"], institutionsOf: ["NGN": ["CBN"], "XAU": ["NBP", "CBR"]], pegged: ["AED"])
    }()

    @Test func theConventionIsReadAsDocumented() throws {
        let markdown = """
            ```text file=rows.csv
            a,b
            ```

            ```console
            $ fx 'x y' "z"
            > one
            >
            out
            [exit 2]

            $ fx two
            ```

            ```sh
            $ fx not run
            ```
            """
        let examples = try GuideExamples(markdown: markdown)
        #expect(examples.unrun == [16])
        #expect(examples.blocks.count == 1)
        #expect(examples.blocks[0].files.map(\.name) == ["rows.csv"])
        #expect(examples.blocks[0].files.map(\.contents) == ["a,b\n"])
        let first = examples.blocks[0].examples[0]
        #expect(first.arguments == ["x y", "z"])
        #expect(first.stdin == "one\n\n")
        #expect(first.expected == ["out"])
        #expect(first.status == 2)
        #expect(examples.blocks[0].examples[1].arguments == ["two"])
        #expect(examples.blocks[0].examples[1].expected == [])
        #expect(throws: RunnerError.self) { try GuideExamples(markdown: "```console\noutput first\n```") }
        #expect(throws: RunnerError.self) { try GuideExamples(markdown: "```console\n$ ls\n```") }
    }

    @Test func aWildcardStandsForAnyTextWithinOneLine() {
        #expect(GuideExamples.matches("fetched […] ago", "fetched 3m 12s ago"))
        #expect(GuideExamples.matches("[…] · […] ago", "ECB · 2026-10-30 · 3m ago"))
        #expect(!GuideExamples.matches("fetched […] ago", "fetched 3m 12s"))
        #expect(!GuideExamples.matches("a […] b […] c", "a c b"))
        #expect(!GuideExamples.matches("exact", "exactly"))
    }
}
