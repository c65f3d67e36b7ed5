import FXTestSupport
import Foundation
import Testing

/// `fx csv` through the built binary, offline on the ECB rates built into fx (2026-08-03 to
/// 2026-10-30): one-shot, script and `-o`, bad rows, weekends, the previous-business-day rule,
/// and the input file left exactly as it was.
@Suite struct CSVCommandTests {
    static let statement = """
        Date,Memo,Amount,Currency
        2026-10-01,coffee,100.00,USD
        2026-10-03,"two
        lines",(12.50),gbp
        2026-10-05,bad currency,5,XYZ
        someday,bad date,5,USD
        2026-10-05,weekday,"1,000.00",USD

        """

    func withStatement(_ body: (FXRunner, String) throws -> Void) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let path = fx.home.appendingPathComponent("statement.csv").path
        try Data(Self.statement.utf8).write(to: URL(fileURLWithPath: path))
        try body(fx, path)
    }

    @Test func oneShotConvertsEachRowAtItsDateAndReportsBadRowsByLine() throws {
        try withStatement { fx, path in
            let result = try fx.run([
                "--offline", "csv", path, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur",
            ])
            #expect(result.status == 1)
            let rows = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(rows[0] == "Date,Memo,Amount,Currency,rate,rate_date,source,amount_eur")
            #expect(rows[1].hasPrefix("2026-10-01,coffee,100.00,USD,"))
            #expect(rows[1].hasSuffix(",2026-10-01,ecb,88.51"))
            // Saturday: Friday's publication, and rate_date says so.
            #expect(rows[3].hasPrefix("lines\",(12.50),gbp,") && rows[3].contains(",2026-10-02,ecb,-"))
            #expect(rows[4] == "2026-10-05,bad currency,5,XYZ,,,,")
            #expect(rows[5] == "someday,bad date,5,USD,,,,")
            #expect(rows[6].hasPrefix("2026-10-05,weekday,\"1,000.00\",USD,") && rows[6].contains(",2026-10-05,ecb,"))
            let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("fx: ") }
            #expect(errors.count == 2)
            #expect(errors.first?.hasPrefix("fx: \(path):5: ") == true)
            #expect(errors.last == "fx: \(path):6: 'someday' is not a date (YYYY-MM-DD; --date-format reads others).")
        }
    }

    @Test func failFastStopsAtTheFirstBadRow() throws {
        try withStatement { fx, path in
            let result = try fx.run([
                "--offline", "csv", path, "--amount", "3", "--currency", "4", "--date", "1", "--to", "eur", "--fail-fast",
            ])
            #expect(result.status == 1)
            #expect(result.stdout.split(separator: "\n").last == "2026-10-05,bad currency,5,XYZ,,,,")
            #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("fx: ") }.count == 1)
        }
    }

    @Test func previousBusinessDayTakesThePublicationBefore() throws {
        try withStatement { fx, path in
            let result = try fx.run([
                "--offline", "csv", path, "--amount", "Amount", "--from", "usd", "--date", "Date", "--to", "pln", "--rule",
                "previous-business-day",
            ])
            let rows = result.stdout.split(separator: "\n")
            #expect(rows[1].contains(",2026-09-30,ecb,"))
            #expect(rows[6].contains(",2026-10-02,ecb,"))
        }
    }

    /// Without its own `--rule`, a file follows fx's `--rule`, else the `rule` setting; `same-day`,
    /// the option's first name for the default, still reads.
    @Test func theRuleComesFromTheOptionTheGlobalOptionOrTheSetting() throws {
        try withStatement { fx, path in
            let words = ["csv", path, "--amount", "Amount", "--from", "usd", "--date", "Date", "--to", "pln"]
            func firstRowDate(_ arguments: [String]) throws -> String? {
                let result = try fx.run(arguments)
                return result.stdout.split(separator: "\n").dropFirst().first?.split(separator: ",").dropFirst(5).first.map(String.init)
            }
            let plain = try firstRowDate(["--offline"] + words)
            let global = try firstRowDate(["--offline", "--rule", "previous-business-day"] + words)
            let set = try fx.run(["set", "rule", "previous-business-day"])
            let setting = try firstRowDate(["--offline"] + words)
            let alias = try firstRowDate(["--offline"] + words + ["--rule", "same-day"])
            let own = try firstRowDate(["--offline"] + words + ["--rule", "on-or-before"])
            #expect(plain == "2026-10-01")
            #expect(global == "2026-09-30")
            #expect(set.status == 0)
            #expect(setting == "2026-09-30")
            #expect(alias == "2026-10-01")
            #expect(own == "2026-10-01")
        }
    }

    /// `--explain` derives every converted row on stderr, named by file and line, with the same
    /// result the row was written with; a bad row has only its error.
    @Test func explainDerivesEachConvertedRowByFileAndLine() throws {
        try withStatement { fx, path in
            let result = try fx.run([
                "--offline", "--explain", "csv", path, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur",
                "--fee", "1.75%",
            ])
            #expect(result.status == 1)
            let rows = result.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let heads = result.stderr.split(separator: "\n").filter { $0.hasPrefix("explain: ") }
            #expect(
                heads == [
                    "explain: \(path):2: 100 USD in EUR", "explain: \(path):3: -12.5 GBP in EUR", "explain: \(path):7: 1000 USD in EUR",
                ])
            let rounded = result.stderr.split(separator: "\n").filter { $0.contains("→") && !$0.contains("fee") }.map {
                $0.split(separator: " ")[3]
            }
            #expect(rounded.count == 3)
            #expect(rounded.first.map(String.init) == String(rows[1][7]))
            let fees = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  fee 1.75% × ") }
            #expect(fees.count == 3)
            #expect(fees.first?.hasSuffix("→ \(rows[1][8]) (half away from zero, 2 decimals)") == true, "\(fees)")
            #expect(result.stderr.contains("USD per EUR = "))
            #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("fx: ") }.count == 2)
        }
    }

    @Test func outputFileIsWrittenWholeAndTheInputIsUnchanged() throws {
        try withStatement { fx, path in
            let before = try FileManager.default.attributesOfItem(atPath: path)
            let output = fx.home.appendingPathComponent("out.csv").path
            let result = try fx.run([
                "--offline", "csv", path, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur", "--fee", "1.75%",
                "-o", output,
            ])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            let written = try String(contentsOfFile: output, encoding: .utf8)
            #expect(written.hasPrefix("Date,Memo,Amount,Currency,rate,rate_date,source,amount_eur,fee\n"))
            #expect(written.contains(",2026-10-01,ecb,88.51,1.55\n"))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.statement)
            let after = try FileManager.default.attributesOfItem(atPath: path)
            #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: fx.home.path).filter { $0.contains(".tmp-") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func scriptLineConvertsTheSameWay() throws {
        try withStatement { fx, path in
            let line = "csv \(path) --amount Amount --currency Currency --date Date --to eur\n"
            let script = try fx.run(["--offline"], stdin: line)
            let oneShot = try fx.run([
                "--offline", "csv", path, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur",
            ])
            #expect(script.stdout == oneShot.stdout)
            #expect(script.status == 1)
        }
    }

    /// Issue 33 §6: a German bank's export (`;`, day-first dates, decimal commas) reads without
    /// options, saying how, as the same rows written the ISO way convert.
    @Test func aBankStatementReadsAsTheBankWroteIt() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let german = fx.home.appendingPathComponent("konto.csv").path
        try Data("Datum;Betrag;Währung\n01.10.2026;1.234,56;USD\n05.10.2026;-12,50;GBP\n".utf8).write(to: URL(fileURLWithPath: german))
        let iso = fx.home.appendingPathComponent("iso.csv").path
        try Data("Datum,Betrag,Währung\n2026-10-01,1234.56,USD\n2026-10-05,-12.50,GBP\n".utf8).write(to: URL(fileURLWithPath: iso))
        let options = ["--amount", "Betrag", "--currency", "Währung", "--date", "Datum", "--to", "eur"]
        let result = try fx.run(["--offline", "csv", german] + options)
        let expected = try fx.run(["--offline", "csv", iso] + options)
        #expect(result.status == 0, "\(result.stderr)")
        let added = { (out: String, delimiter: Character) in
            out.split(separator: "\n").map { $0.split(separator: delimiter, omittingEmptySubsequences: false).suffix(4) }
        }
        #expect(added(result.stdout, ";") == added(expected.stdout, ","))
        #expect(result.stderr.contains("note: \(german): dates read as %d.%m.%Y ('01.10.2026' is 2026-10-01)"), "\(result.stderr)")
        #expect(result.stderr.contains("note: \(german): amounts read with a decimal comma, as '1.234,56' on line 2 shows"))
        // Slash dates that read two ways are refused until the order is given.
        let slashed = fx.home.appendingPathComponent("slashed.csv").path
        try Data("Date,Amount,Currency\n1/10/2026,10,USD\n".utf8).write(to: URL(fileURLWithPath: slashed))
        let refused = try fx.run([
            "--offline", "csv", slashed, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur",
        ])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(refused.stderr.contains("every date reads two ways ('1/10/2026' is 2026-10-01 day first or 2026-01-10 month first)"))
        let ordered = try fx.run([
            "--offline", "csv", slashed, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur", "--date-order",
            "dmy",
        ])
        #expect(ordered.status == 0, "\(ordered.stderr)")
        #expect(ordered.stdout.contains(",2026-10-01,ecb,"))
    }

    @Test func unreadableFilesAndMissingColumnsAreOneLine() throws {
        try withStatement { fx, path in
            let missing = try fx.run(["--offline", "csv", path + ".nope", "--amount", "1", "--from", "usd", "--date", "1", "--to", "eur"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "fx: \(path).nope: cannot read: no such file.\n")
            let column = try fx.run(["--offline", "csv", path, "--amount", "Betrag", "--from", "usd", "--date", "1", "--to", "eur"])
            #expect(column.status == 2)
            #expect(
                column.stderr == "fx: \(path): no column 'Betrag' for --amount; the columns are: 1 Date, 2 Memo, 3 Amount, 4 Currency.\n")
            let binary = fx.home.appendingPathComponent("binary.csv").path
            try Data([0x61, 0x0A, 0x00, 0x01]).write(to: URL(fileURLWithPath: binary))
            let nul = try fx.run(["--offline", "csv", binary, "--amount", "1", "--from", "usd", "--date", "1", "--to", "eur"])
            #expect(nul.status == 1)
            #expect(nul.stderr.hasSuffix(":2: a NUL byte; this is a binary file, not CSV text.\n"))
            let directory = try fx.run(["--offline", "csv", fx.home.path, "--amount", "1", "--from", "usd", "--date", "1", "--to", "eur"])
            #expect(directory.stderr == "fx: \(fx.home.path): cannot read: a directory, not a file.\n")
        }
    }
}
