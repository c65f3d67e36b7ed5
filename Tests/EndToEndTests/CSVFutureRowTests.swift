import FXTestSupport
import Foundation
import Testing

/// Issue 24 §2.2: a CSV row dated after today is a bad row, reported, as a dated question about
/// the future is refused; it was converted at the newest rates, exit 0. With `%y`, `01/06/68`
/// was read as 2068 and converted too: a two-digit year never lands after this year.
@Suite struct CSVFutureRowTests {
    private func run(_ csv: String, _ options: [String]) throws -> (status: Int32, rows: [Substring], errors: [Substring], path: String) {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let path = fx.home.appendingPathComponent("rows.csv").path
        try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
        let result = try fx.run(["--offline", "csv", path, "--amount", "2", "--currency", "3", "--date", "1", "--to", "eur"] + options)
        return (
            result.status, result.stdout.split(separator: "\n"), result.stderr.split(separator: "\n").filter { $0.hasPrefix("fx: ") },
            path
        )
    }

    @Test func aRowDatedInTheFutureIsABadRow() throws {
        let result = try run("date,amount,currency\n2030-01-01,1,USD\n2026-10-01,1,USD\n", [])
        #expect(result.status == 1)
        #expect(result.rows[1] == "2030-01-01,1,USD,,,,")
        #expect(result.rows[2].hasPrefix("2026-10-01,1,USD,") && result.rows[2].hasSuffix(",2026-10-01,ecb,0.89"))
        #expect(result.errors == ["fx: \(result.path):2: '2030-01-01' is 2030-01-01, in the future; no rates are published for it yet."])
    }

    @Test func aTwoDigitYearIsNeverInTheFuture() throws {
        let result = try run("date,amount,currency\n01/06/68,1,USD\n01/10/26,1,USD\n", ["--date-format", "%d/%m/%y"])
        #expect(result.status == 1)
        // 1968: before the euro, so no rate; never 2068 converted at today's.
        #expect(result.rows[1] == "01/06/68,1,USD,,,,")
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.contains("2068") == false)
        #expect(result.errors.first?.contains("1968") == true, "\(result.errors)")
        #expect(result.rows[2].contains(",2026-10-01,ecb,"))
    }
}
