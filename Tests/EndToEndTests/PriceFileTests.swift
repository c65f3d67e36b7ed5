import Foundation
import Testing

/// Price files read back by the real accounting tools (installed by `Scripts/bootstrap.sh --test`):
/// every price fx writes, each tool reports, digit for digit.
@Suite struct PriceFileTests {
    static let question = ["history", "usd,chf", "eur,gbp,jpy", "from", "2024-01-01", "to", "2024-03-31"]

    @Test func hledgerReadsEveryPrice() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let file = try rig.fx(Self.question + ["--hledger"])
        try rig.write(file, to: "prices.journal")
        let written = Price.parse(priceFile: file)
        // Six pairs on each of the quarter's 63 publications.
        #expect(written.count == 6 * 63)
        // `P 2024-01-02 USD 0.9127418766 EUR`, as written.
        let read = Price.parse(priceFile: try rig.run("hledger", ["-f", "prices.journal", "prices"]))
        #expect(read == written)
    }

    @Test func ledgerReadsEveryPrice() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let file = try rig.fx(Self.question + ["--ledger"])
        try rig.write(file, to: "prices.ledger")
        // ledger lists the prices of commodities a posting uses.
        try rig.write(
            "include prices.ledger\n\n2024-01-01 Opening\n    Assets:Cash    1 USD\n    Assets:Cash    1 CHF\n    Equity\n",
            to: "main.ledger")
        let written = Price.parse(priceFile: file)
        // `P 2024/01/02 00:00:00 USD EUR0.9127418766`: the quote commodity before the number.
        let output = try rig.run("ledger", ["-f", "main.ledger", "pricedb"])
        let read = output.split(separator: "\n").compactMap { line -> Price? in
            let words = line.split(separator: " ")
            guard words.count == 5, let start = words[4].firstIndex(where: { $0.isNumber }) else { return nil }
            return Price(words[1], words[3], words[4][start...], words[4][..<start])
        }
        #expect(Set(read) == Set(written))
        #expect(read.count == written.count)
    }

    @Test func beancountChecksAndReadsEveryPrice() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let file = try rig.fx(Self.question + ["--beancount", "--invert"])
        try rig.write(file, to: "prices.beancount")
        try rig.write(
            """
            option "operating_currency" "EUR"
            include "prices.beancount"
            2024-01-01 open Assets:Cash USD
            2024-01-01 open Equity:Opening
            2024-01-02 * "Opening"
              Assets:Cash      100 USD
              Equity:Opening  -100 USD

            """, to: "main.beancount")
        #expect(try rig.run("bean-check", ["main.beancount"]) == "")
        let written = Price.parse(priceFile: file)
        #expect(written.first?.base == "EUR" && written.first?.quote == "USD")
        // `2024-01-02 price EUR    1.0956 USD`, aligned by bean-report.
        let read = try rig.run("bean-report", ["main.beancount", "pricedb"]).split(separator: "\n").compactMap { line -> Price? in
            let words = line.split(separator: " ")
            return words.count == 5 ? Price(words[0], words[2], words[3], words[4]) : nil
        }
        #expect(Set(read) == Set(written))
        #expect(read.count == written.count)
    }

    @Test func digitsAndMonthlyMeansReachTheFile() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let daily = try rig.fx(["history", "usd", "jpy", "from", "2024-01-01", "to", "2024-01-05", "--ledger", "--digits", "6"])
        // 2024-01-02: 155.68 JPY / 1.0956 USD per euro = 142.0956…
        #expect(daily.split(separator: "\n").dropFirst().first == "P 2024-01-02 USD 142.096 JPY")
        let published = try rig.fx(["history", "eur", "usd", "from", "2024-01-01", "to", "2024-01-05", "--ledger"])
        #expect(published.split(separator: "\n").dropFirst().first == "P 2024-01-02 EUR 1.0956 USD")
        let monthly = try rig.fx(["history", "usd", "eur", "from", "2024-01-01", "to", "2024-03-31", "--monthly", "--hledger"])
        try rig.write(monthly, to: "monthly.journal")
        let read = Price.parse(priceFile: try rig.run("hledger", ["-f", "monthly.journal", "prices"]))
        #expect(read.map(\.day) == ["2024-01-01", "2024-02-01", "2024-03-01"])
        #expect(read == Price.parse(priceFile: monthly))
    }
}
