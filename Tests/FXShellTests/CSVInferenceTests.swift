import FXAnswers
import FXModel
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Issue 33 §6: statements as banks write them. Without `--date-format` or `--number-format`, a
/// file's own dates and amounts say how to read it (one note on stderr each), and each row then
/// converts exactly as the same row written in ISO dates and decimal points does.
@Suite("CSV read as the file writes it")
struct CSVInferenceTests {
    /// Runs `csv` over `text` in a text session on the real ECB history, after `setup` lines.
    static func csv(_ text: String, options: String = "--amount 2 --currency 3 --date 1 --to eur", setup: [String] = []) async throws -> (
        status: Session.LineResult, out: String, err: String
    ) {
        let directory = makeTemporaryDirectory("fx-csv-inference")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rows.csv")
        try Data(text.utf8).write(to: file)
        let fx = CalculatorOracleTests.session(json: false)
        for line in setup { _ = await fx.session.run(line) }
        fx.err.clear()
        fx.out.clear()
        let status = await fx.session.run("csv \(file.path) \(options)")
        return (status, fx.out.text, fx.err.text.replacingOccurrences(of: file.path, with: "rows.csv"))
    }

    /// The columns fx adds to each row (rate, rate_date, source, amount), by the file's delimiter.
    static func added(_ out: String, delimiter: Character = ",") -> [[Substring]] {
        out.split(separator: "\n").dropFirst().map { $0.split(separator: delimiter, omittingEmptySubsequences: false).suffix(4) }
    }

    /// The same rows in ISO dates and decimal points, for comparison.
    static let plain = "date,amount,cur\n2024-03-01,1234.56,USD\n2024-03-04,12.50,GBP\n2024-03-13,-7.25,CHF\n"

    @Test func aGermanStatementReadsWithoutOptions() async throws {
        let german = "Datum;Betrag;Währung\n01.03.2024;1.234,56;USD\n04.03.2024;12,50;GBP\n13.03.2024;-7,25;CHF\n"
        let answer = try await Self.csv(german)
        let expected = try await Self.csv(Self.plain)
        #expect(answer.status == .ok, "\(answer.err)")
        #expect(Self.added(answer.out, delimiter: ";") == Self.added(expected.out))
        #expect(
            answer.err
                == "note: rows.csv: dates read as %d.%m.%Y ('01.03.2024' is 2024-03-01); --date-format reads them otherwise.\n"
                + "note: rows.csv: amounts read with a decimal comma, as '1.234,56' on line 2 shows; --number-format en reads them otherwise.\n"
        )
        // Told, it says nothing (and writes the numbers it adds with the decimal comma it was told).
        let told = try await Self.csv(
            german, options: "--amount 2 --currency 3 --date 1 --to eur --date-format %d.%m.%Y --number-format de")
        #expect(told.err == "")
        #expect(Self.added(told.out, delimiter: ";").map { $0.last } == ["1141,74", "14,61", "-7,55"])
    }

    @Test func slashDatesTakeTheOrderTheFileProves() async throws {
        let dayFirst = "date,amount,cur\n1/3/2024,1234.56,USD\n4/3/2024,12.50,GBP\n13/3/2024,-7.25,CHF\n"
        let answer = try await Self.csv(dayFirst)
        let expected = try await Self.csv(Self.plain)
        #expect(answer.status == .ok, "\(answer.err)")
        #expect(Self.added(answer.out) == Self.added(expected.out))
        #expect(
            answer.err
                == "note: rows.csv: dates read day first, %d/%m/%Y, as '13/3/2024' on line 4 can only be ('1/3/2024' is 2024-03-01); --date-order or --date-format reads them otherwise.\n"
        )
        let monthFirst = "date,amount,cur\n03/01/2024,1234.56,USD\n03/04/2024,12.50,GBP\n03/13/2024,-7.25,CHF\n"
        let american = try await Self.csv(monthFirst)
        #expect(Self.added(american.out) == Self.added(expected.out))
        #expect(american.err.contains("dates read month first, %m/%d/%Y, as '03/13/2024' on line 4 can only be"))
    }

    @Test func datesThatReadTwoWaysNeedTheOrder() async throws {
        let rows = "date,amount,cur\n1/3/2024,1234.56,USD\n4/3/2024,12.50,GBP\n"
        let refused = try await Self.csv(rows)
        #expect(refused.status == .failed(2))
        #expect(refused.out == "")
        #expect(
            refused.err
                == "fx: rows.csv: every date reads two ways ('1/3/2024' is 2024-03-01 day first or 2024-01-03 month first); say --date-order dmy or mdy, or --date-format %d/%m/%Y.\n"
        )
        let expected = try await Self.csv(Self.plain)
        let given = try await Self.csv(rows, options: "--amount 2 --currency 3 --date 1 --to eur --date-order dmy")
        #expect(given.err == "")
        #expect(Self.added(given.out) == Array(Self.added(expected.out).prefix(2)))
        // The `date_order` setting says it too.
        let set = try await Self.csv(rows, setup: ["set date_order dmy"])
        #expect(set.err == "")
        #expect(set.out == given.out)
        let monthFirst = try await Self.csv(rows, options: "--amount 2 --currency 3 --date 1 --to eur --date-order mdy")
        #expect(monthFirst.out.contains("1/3/2024,1234.56,USD,") && monthFirst.out.contains(",2024-01-03,ecb,"), "\(monthFirst.out)")
    }

    @Test func banksOtherDateFormsRead() async throws {
        let expected = try await Self.csv(Self.plain)
        for (rows, format) in [
            ("01-Mar-2024,1234.56,USD\n04-Mar-2024,12.50,GBP\n13-Mar-2024,-7.25,CHF\n", "%d-%b-%Y"),
            ("2024/03/01,1234.56,USD\n2024/03/04,12.50,GBP\n2024/03/13,-7.25,CHF\n", "%Y/%m/%d"),
            ("01.03.24,1234.56,USD\n04.03.24,12.50,GBP\n13.03.24,-7.25,CHF\n", "%d.%m.%y"),
        ] {
            let answer = try await Self.csv("date,amount,cur\n" + rows)
            #expect(Self.added(answer.out) == Self.added(expected.out), "\(format)")
            #expect(answer.err.hasPrefix("note: rows.csv: dates read as \(format) ("), "\(answer.err)")
        }
        // ISO says nothing.
        #expect(expected.err == "")
    }

    @Test func aCommaSeparatedFilesPointIsADecimalPoint() async throws {
        // 3.118 (as a dinar has three decimals): in a comma-separated file it cannot be 3,118 written the German way.
        let rows = "date,amount,cur\n2024-03-01,3.118,USD\n2024-03-04,12,USD\n"
        let answer = try await Self.csv(rows)
        #expect(answer.status == .ok, "\(answer.err)")
        #expect(answer.out.split(separator: "\n")[1].hasPrefix("2024-03-01,3.118,USD,"))
        #expect(
            answer.err
                == "note: rows.csv: amounts read with a decimal point, as a comma-separated file leaves no room for a decimal comma outside quotes ('3.118' is 3.118); --number-format de reads them otherwise.\n"
        )
        let told = try await Self.csv(rows, options: "--amount 2 --currency 3 --date 1 --to eur --number-format en")
        #expect(Self.added(told.out) == Self.added(answer.out))
        // An amount further down that reads one way only settles it for the whole file.
        let proven = try await Self.csv("date,amount,cur\n2024-03-01,\"1.234\",USD\n2024-03-04,\"12,50\",USD\n")
        #expect(proven.out.split(separator: "\n")[1].hasPrefix("2024-03-01,1.234,USD,"))
        #expect(proven.err.contains("amounts read with a decimal comma, as '12,50' on line 3 shows ('1.234' is 1234)"), "\(proven.err)")
        #expect(Self.added(proven.out)[0].last == Self.added(try await Self.csv("date,amount,cur\n2024-03-01,1234,USD\n").out)[0].last)
    }

    @Test func aSemicolonFilesCommaIsADecimalComma() async throws {
        let answer = try await Self.csv("date;amount;cur\n2024-03-01;1,234;USD\n")
        let expected = try await Self.csv(
            "date,amount,cur\n2024-03-01,1.234,USD\n", options: "--amount 2 --currency 3 --date 1 --to eur --number-format en")
        #expect(answer.status == .ok, "\(answer.err)")
        #expect(Self.added(answer.out, delimiter: ";").map { $0.last } == Self.added(expected.out).map { $0.last })
        #expect(answer.err.contains("a semicolon-separated file is written where the comma is the decimal mark ('1,234' is 1.234)"))
        // A tab-separated file has no such custom: still refused, row by row.
        let tabbed = try await Self.csv("date\tamount\tcur\n2024-03-01\t1,234\tUSD\n")
        #expect(tabbed.status == .failed(1))
        #expect(tabbed.err.contains("the amount '1,234' reads two ways; say --number-format en or de."))
    }
}
