import FXRates
import FXTestSupport
import Foundation
import Testing

/// The built `fx` against a loopback Coinbase and Kraken (and ECB): crypto converts exact against
/// the served prices and says which source priced it and when, in text and JSON; history, dated
/// questions and price files come from Kraken's daily closes.
@Suite struct CryptoEndToEndTests {
    /// Coinbase's spot prices in USD: BTC and ETH are real answers (2026-03-01 and a 2026 capture), the rest constructed.
    static let coinbase = ["BTC": "66971.665", "ETH": "2723.905", "SOL": "141.235", "XRP": "2.1845", "LTC": "84.12"]
    /// Kraken's last trades in EUR, keyed as Kraken answers (constructed around the same level).
    static let kraken = [
        "XXBTZEUR": "59870.20000", "XETHZEUR": "2435.14000", "SOLEUR": "126.21000", "XXRPZEUR": "1.95310", "XLTCZEUR": "75.20000",
        "ZEURZUSD": "1.11860",
    ]
    static let names = ["BTC": "XBTEUR", "ETH": "ETHEUR", "SOL": "SOLEUR", "XRP": "XRPEUR", "LTC": "LTCEUR", "USD": "EURUSD"]
    static let keys = [
        "XBTEUR": "XXBTZEUR", "ETHEUR": "XETHZEUR", "SOLEUR": "SOLEUR", "XRPEUR": "XXRPZEUR", "LTCEUR": "XLTCZEUR", "EURUSD": "ZEURZUSD",
    ]

    /// The served daily close of a market on a day (by its ordinal), computed the same way here and in the server.
    static func close(_ pair: String, _ day: Day) -> String {
        switch pair {
        case "XBTEUR": "\(40_000 + day.ordinal % 1000).5"
        case "ETHEUR": "\(2000 + day.ordinal % 500).25"
        case "EURUSD": "1.1186"
        default: "100.5"
        }
    }

    /// Daily candles from `since` to today (today's still open), at most 720 a page, `last` the newest committed.
    static func ohlc(pair: String, since: Int) -> Data {
        let today = Day(utc: Date())
        let first = Day(utc: Date(timeIntervalSince1970: TimeInterval(max(since, 0)))).adding(days: 0)
        var rows: [String] = []
        var day = max(first, Day(year: 2023, month: 1, day: 1)!)
        var last = 0
        while day <= today, rows.count < 720 {
            let time = Int(day.startUTC.timeIntervalSince1970)
            let close = day == today ? "1.0" : close(pair, day)
            rows.append(#"[\#(time),"\#(close)","\#(close)","\#(close)","\#(close)","\#(close)","1.0",1]"#)
            if day < today { last = time }
            day = day.adding(days: 1)
        }
        return Data(#"{"error":[],"result":{"\#(keys[pair]!)":[\#(rows.joined(separator: ","))],"last":\#(last)}}"#.utf8)
    }

    /// The latest prices by path: Coinbase's spots and Kraken's Ticker (also served to the guide's examples).
    static let latestRoutes: [String: LoopbackHTTPServer.Reply] = {
        var routes: [String: LoopbackHTTPServer.Reply] = [:]
        for (asset, amount) in coinbase {
            routes["/coinbase/prices/\(asset)-USD/spot"] = .ok(
                Data(#"{"data":{"amount":"\#(amount)","base":"\#(asset)","currency":"USD"}}"#.utf8), contentType: "application/json")
        }
        let entries = kraken.sorted { $0.key < $1.key }.map { key, price in
            #""\#(key)":{"a":["\#(price)","1","1.000"],"c":["\#(price)","0.1"],"o":"\#(price)"}"#
        }
        routes["/kraken/Ticker"] = .ok(
            Data(#"{"error":[],"result":{\#(entries.joined(separator: ","))}}"#.utf8), contentType: "application/json")
        return routes
    }()

    static func server() throws -> LoopbackHTTPServer {
        let ecbDaily = ECBServer.daily(dated: ECBServer.latestPublicationDate())
        return try LoopbackHTTPServer { request in
            let parts = request.path.split(separator: "?", maxSplits: 1).map(String.init)
            let path = parts[0], query = parts.count > 1 ? parts[1] : ""
            if path == "/ecb/eurofxref-daily.xml" { return .ok(ecbDaily) }
            if let latest = latestRoutes[path] { return latest }
            if path.hasPrefix("/coinbase/") {
                return .response(
                    status: 404, headers: ["Content-Type": "application/json"],
                    body: sharedFixture("coinbase/error-404-invalid-currency.json"))
            }
            if path == "/kraken/OHLC" {
                let fields = Dictionary(
                    query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }.filter { $0.count == 2 }.map
                    {
                        ($0[0], $0[1])
                    }, uniquingKeysWith: { a, _ in a })
                guard let pair = fields["pair"], keys[pair] != nil, fields["interval"] == "1440" else {
                    return .ok(sharedFixture("kraken/error-unknown-pair.json"), contentType: "application/json")
                }
                return .ok(ohlc(pair: pair, since: Int(fields["since"] ?? "0") ?? 0), contentType: "application/json")
            }
            return .status(404, body: "not found")
        }
    }

    static func runner(_ server: LoopbackHTTPServer) -> FXRunner {
        var fx = FXRunner(ecbURL: server.ecbURL)
        for id in ["coinbase", "kraken"] {
            fx.environment["FX_\(id.uppercased())_URL"] = server.baseURL.appendingPathComponent("\(id)/").absoluteString
        }
        return fx
    }

    @Test func cryptoConvertsExactWithItsSourceAndTime() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }

        // USD from Coinbase: 0.5 × 66971.665 = 33485.8325.
        let usd = try fx.run(["0.5", "btc", "usd"])
        #expect(usd.status == 0, "\(usd.stderr)")
        #expect(usd.stdout == "0.5 BTC = 33,485.83 USD\n", "\(usd.stdout)")
        // EUR from Kraken: 0.5 × 59870.2 = 29935.1; 100 EUR = 100 ÷ 59870.2 = 0.001670279… BTC.
        #expect(try fx.run(["0.5", "btc", "eur"]).stdout == "0.5 BTC = 29,935.10 EUR\n")
        // A price ending in half a cent rounds away from zero, by the price served, not by its inverse's last digit.
        #expect(try fx.run(["1", "btc", "usd"]).stdout == "1 BTC = 66,971.67 USD\n")
        #expect(try fx.run(["100", "eur", "in", "btc"]).stdout == "100.00 EUR = 0.00167028 BTC\n")
        // The calculator: 0.25 × 59870.2 + 2 × 2435.14 = 14967.55 + 4870.28.
        let sum = try fx.run(["0.25 btc + 2 eth in eur"])
        #expect(sum.status == 0, "\(sum.stderr)")
        #expect(sum.stdout.hasSuffix("19,837.83 EUR\n"), "\(sum.stdout)")

        // JSON names the source and the second the price was taken.
        let before = Date()
        let json = try fx.run(["--json", "0.5", "btc", "usd"])
        #expect(json.stdout.contains(#""source":"coinbase""#), "\(json.stdout)")
        #expect(json.stdout.contains(#""33485.83""#) || json.stdout.contains("33485.83"), "\(json.stdout)")
        let priced = try #require(json.stdout.firstRange(of: #""priced_at":""#).map { json.stdout[$0.upperBound...].prefix(20) })
        let instant = try #require(ISO8601DateFormatter().date(from: String(priced)))
        #expect(instant <= before.addingTimeInterval(1) && instant > before.addingTimeInterval(-120), "\(priced)")

        // Within the minute a price stays fresh, nothing is asked again.
        let asked = server.requests.count
        _ = try fx.run(["1", "eth", "usd"])
        #expect(server.requests.count == asked)
    }

    @Test func refreshSourcesAndCompare() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        let refresh = try fx.run(["refresh", "coinbase", "kraken"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stdout.contains("coinbase: updated") && refresh.stdout.contains("kraken: updated"), "\(refresh.stdout)")
        // Five spot prices from Coinbase, one Ticker from Kraken.
        #expect(server.requests.filter { $0.path.hasPrefix("/coinbase/") }.count == 5)
        #expect(server.requests.filter { $0.path.hasPrefix("/kraken/") }.count == 1)

        let sources = try fx.run(["sources"])
        #expect(sources.stdout.contains("coinbase") && sources.stdout.contains("kraken"), "\(sources.stdout)")

        // The same BTC from both, side by side: Coinbase's 66971.665 and Kraken's 59870.2 × 1.1186 = 66970.80572,
        // shown to six significant digits and two decimals at least, with the median and the spread.
        let compare = try fx.run(["sources", "compare", "btc", "usd"])
        #expect(compare.status == 0, "\(compare.stderr)")
        let lines = compare.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "1 BTC in USD:", "\(compare.stdout)")
        #expect(lines.last?.contains("66971.24  median") == true, "\(compare.stdout)")
        #expect(lines.contains { $0.hasPrefix("  coinbase") && $0.contains("66971.67") && $0.contains("+0.001%") }, "\(compare.stdout)")
        #expect(lines.contains { $0.hasPrefix("  kraken") && $0.contains("66970.81") && $0.contains("-0.001%") }, "\(compare.stdout)")
    }

    @Test func historyDatedQuestionsAndPriceFilesFromKrakensCloses() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        let day = Day(utc: Date()).adding(days: -30)
        // That day's close: 0.5 × close.
        let close = try #require(Decimal(exactly: Self.close("XBTEUR", day)))
        let dated = try fx.run(["--json", "0.5", "btc", "eur", "on", day.description])
        #expect(dated.status == 0, "\(dated.stderr)")
        #expect(dated.stdout.contains(#""source":"kraken""#), "\(dated.stdout)")
        // It says the rate is that day's close.
        #expect(dated.stdout.contains(#""price":"daily close UTC""#), "\(dated.stdout)")
        let expected = DecimalFormat.fixed(close / 2, fractionDigits: 2)
        #expect(dated.stdout.contains(expected), "\(dated.stdout) \(expected)")
        // 0.05 × a close ending in .5 ends in half a cent (40123.5 → 2006.175): rounded away from zero.
        let tie = try fx.run(["0.05", "btc", "eur", "on", day.description])
        #expect(
            tie.stdout == "0.05 BTC = \(DecimalFormat.fixed(close * dec("0.05"), fractionDigits: 2, grouping: true)) EUR\n", "\(tie.stdout)"
        )
        #expect(DecimalFormat.fixed(close * dec("0.05"), fractionDigits: 3).hasSuffix("5"))

        let history = try fx.run(["history", "btc", "eur", "60d"])
        #expect(history.status == 0, "\(history.stderr)")
        // The history kept by the first question is read back whole (not refused as damaged).
        #expect(history.stderr.isEmpty, "\(history.stderr)")
        #expect(!history.stdout.isEmpty)

        // CSV rows at their own dates: 0.5 BTC at the close of `day`, 1 ETH at the close of the day after.
        let next = day.adding(days: 1)
        try Data("Date,Amount,Currency\n\(day),0.5,BTC\n\(next),1,ETH\n".utf8).write(to: fx.home.appendingPathComponent("coins.csv"))
        let csv = try fx.run([
            "csv", fx.home.appendingPathComponent("coins.csv").path, "--amount", "Amount", "--currency", "Currency", "--date", "Date",
            "--to", "eur",
        ])
        #expect(csv.status == 0, "\(csv.stderr)")
        let ethClose = try #require(Decimal(exactly: Self.close("ETHEUR", next)))
        #expect(csv.stdout.contains(",\(DecimalFormat.fixed(close / 2, fractionDigits: 2))\n"), "\(csv.stdout)")
        #expect(csv.stdout.contains(",\(DecimalFormat.fixed(ethClose, fractionDigits: 2))\n"), "\(csv.stdout)")

        // Price files, read back by the accounting tools when installed.
        let from = Day(utc: Date()).adding(days: -10), to = Day(utc: Date()).adding(days: -2)
        let question = ["history", "btc,eth", "eur", "from", from.description, "to", to.description]
        let hledger = try fx.run(question + ["--hledger"])
        #expect(hledger.status == 0, "\(hledger.stderr)")
        let written = Price.parse(priceFile: hledger.stdout)
        #expect(written.count == 2 * 9, "\(hledger.stdout)")
        #expect(written.contains { $0.base == "BTC" && $0.day == to.description && $0.rate == Decimal(exactly: Self.close("XBTEUR", to)) })
        let rig = BooksFolder(fx.home)
        if rig.has("hledger") {
            try rig.write(hledger.stdout, to: "prices.journal")
            #expect(Price.parse(priceFile: try rig.run("hledger", ["-f", "prices.journal", "prices"])) == written)
        }
        let beancount = try fx.run(question + ["--beancount"])
        #expect(beancount.status == 0, "\(beancount.stderr)")
        if rig.has("bean-check") {
            try rig.write(beancount.stdout, to: "prices.beancount")
            try rig.write(
                "option \"operating_currency\" \"EUR\"\ninclude \"prices.beancount\"\n\(from) open Assets:Coins BTC\n", to: "main.beancount"
            )
            #expect(try rig.run("bean-check", ["main.beancount"]) == "")
        }
        let ledger = try fx.run(question + ["--ledger"])
        #expect(ledger.status == 0, "\(ledger.stderr)")
        if rig.has("ledger") {
            try rig.write(ledger.stdout, to: "prices.ledger")
            try rig.write("include prices.ledger\n\n\(from) Coins\n    Assets:Coins    1 BTC\n    Equity\n", to: "main.ledger")
            let read = try rig.run("ledger", ["-f", "main.ledger", "pricedb"])
            #expect(read.split(separator: "\n").count == 9, "\(read)")
        }
    }
}

/// Runs the accounting tools, when installed, in a sandbox folder.
struct BooksFolder {
    let directory: URL
    init(_ directory: URL) { self.directory = directory }

    func has(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    func write(_ text: String, to name: String) throws { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }

    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let problems = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RunnerError(description: "\(tool) exited \(process.terminationStatus): \(String(decoding: problems, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
