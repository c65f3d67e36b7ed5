import FXAnswers
import FXModel
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Issue 24 §2.4, §2.6 and §2.13: a CSV row's fee follows the calculator's one rule, a field too
/// many is a bad row, and the `rate` column reproduces the written amount.
@Suite("CSV rows an auditor can check")
struct CSVDefectsTests {
    /// Runs `csv` over `rows` (after `header`) in a text session on the real ECB history.
    static func csv(_ header: String, _ rows: [String], options: String) async throws -> (
        status: Session.LineResult, out: String, err: String
    ) {
        let directory = makeTemporaryDirectory("fx-csv-defects")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rows.csv")
        try Data(([header] + rows).joined(separator: "\n").utf8 + [10]).write(to: file)
        let fx = CalculatorOracleTests.session(json: false)
        let status = await fx.session.run("csv \(file.path) \(options)")
        return (status, fx.out.text, fx.err.text.replacingOccurrences(of: file.path, with: "rows.csv"))
    }

    @Test func aFeeIsTheCalculatorsFee() async throws {
        // 8.53 SEK at 8.531 = 0.99988… EUR; 0.5% of it is 0.0049994 → 0.00 (main wrote 0.01, from 1.00 × 0.5%).
        let answer = try await Self.csv(
            "date,amount,cur", ["2013-01-04,8.53,SEK"], options: "--amount amount --currency cur --date date --to eur --fee 0.5%")
        #expect(answer.out.split(separator: "\n").last == "2013-01-04,8.53,SEK,0.117219552221310514593834251554,2013-01-04,ecb,1.00,0.00")
        // The calculator, on the same day: the fee line says the same.
        let fx = CalculatorOracleTests.session(json: true)
        _ = await fx.session.run("8.53 sek in eur + 0.5% fee on 2013-01-04")
        let object = try #require(jsonAnswer(fx.out.text))
        #expect((object["fee"] as? [String: Any])?["amount"] as? String == "0.00")
    }

    @Test func feesAgreeWithTheCalculatorOverRandomRows() async throws {
        var random = SplitMix(24_204)
        let codes = ["USD", "JPY", "GBP", "SEK", "CHF", "HUF", "KRW", "NOK"]
        let days = ["2013-01-04", "2016-06-24", "2020-03-16", "2024-02-29", "2026-10-30"]
        var rows: [String] = []
        for _ in 0..<150 {
            let amount = "\(random.next(1_000_000)).\(random.next(100) / 10)\(random.next(10))"
            rows.append("\(days[random.next(days.count)]),\(amount),\(codes[random.next(codes.count)])")
        }
        let answer = try await Self.csv("date,amount,cur", rows, options: "--amount amount --currency cur --date date --to eur --fee 0.7%")
        #expect(answer.err == "")
        let written = answer.out.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(written.count == rows.count)
        let fx = CalculatorOracleTests.session(json: true)
        for row in written {
            fx.out.clear()
            _ = await fx.session.run("\(row[1]) \(row[2]) in eur + 0.7% fee on \(row[0])")
            let object = try #require(jsonAnswer(fx.out.text))
            let fee = try #require(object["fee"] as? [String: Any])
            #expect(fee["subtotal"] as? String == row[6], "\(row)")
            #expect(fee["amount"] as? String == row[7], "\(row)")
        }
    }

    @Test func aFieldTooManyIsABadRow() async throws {
        let answer = try await Self.csv(
            "date,amount,cur", ["2013-01-04,8.53,SEK", "2013-01-04,8.53,SEK,extra"],
            options: "--amount amount --currency cur --date date --to eur")
        #expect(answer.status == .failed(1))
        #expect(
            answer.err
                == "fx: rows.csv:3: the row has 4 fields but the header names 3; a field too many (an unquoted delimiter?) would shift the columns.\n"
        )
        // Written as read, with the added columns empty, not a rate under the wrong heading.
        #expect(answer.out.split(separator: "\n").last == "2013-01-04,8.53,SEK,extra,,,,")
    }

    /// An auditor multiplies the two columns: amount × rate, rounded half away from zero to the
    /// target's minor unit, must be the amount written (main: 954 of 38,335 rows were not).
    @Test func amountTimesTheRateColumnIsTheWrittenAmount() async throws {
        var random = SplitMix(13_013)
        let codes = ["USD", "JPY", "GBP", "SEK", "CHF", "HUF", "KRW", "ISK", "PLN", "ZAR", "EUR"]
        let targets = ["eur", "usd", "jpy", "chf"]
        var checked = 0
        for target in targets {
            var rows: [String] = []
            for _ in 0..<1_500 {
                // Up to twelve digits before the point: large amounts were where ten-digit rates failed.
                let digits = 1 + random.next(12)
                var whole = String(1 + random.next(9))
                for _ in 1..<digits { whole += String(random.next(10)) }
                let year = 2019 + random.next(7)
                let day = String(format: "%04d-%02d-%02d", year, 1 + random.next(12), 1 + random.next(28))
                rows.append("\(day),\(whole).\(random.next(10))\(random.next(10)),\(codes[random.next(codes.count)])")
            }
            let answer = try await Self.csv("date,amount,cur", rows, options: "--amount amount --currency cur --date date --to \(target)")
            let places = target == "jpy" ? 0 : 2
            for line in answer.out.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 7, !fields[3].isEmpty else { continue }
                let amount = try #require(Decimal(exactly: fields[1])), rate = try #require(Decimal(exactly: fields[3]))
                let reproduced = try #require(Decimal.product(amount, times: rate, over: 1, places: places))
                #expect(DecimalFormat.fixed(reproduced, fractionDigits: places) == fields[6], "\(line)")
                checked += 1
            }
        }
        #expect(checked > 5_000)
    }
}
