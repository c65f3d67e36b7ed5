import FXAnswers
import FXRates
import FXRender

extension Session {
    /// `csv`'s streamed answer: converted records to stdout (or the `-o` file the statement
    /// writes itself), bad rows as `fx: <file>:<line>: …` on stderr, making the status 1; a file
    /// that cannot be read or written at all is one line and nothing written.
    func stream(_ statement: Statement) async -> LineResult {
        // At a terminal, a long statement shows its records so far (and any history it fetches).
        let what = "converting " + Messages.printable(statement.file)
        let progress = presentation.showsProgress ? ProgressLine(what, output: err, clock: clock) : nil
        progress?.begin(what)
        let result = await FetchProgress.$watcher.withValue(progress) { await streamRecords(statement, progress: progress) }
        await progress?.stop()
        return result
    }

    private func streamRecords(_ statement: Statement, progress: ProgressLine?) async -> LineResult {
        let file = Messages.printable(statement.file)
        let out = self.out, err = self.err, style = presentation.style
        let failed = { out.failure != nil || err.failure != nil }
        let sink = StatementSink(
            rows: { bytes throws(CSVFileProblem) in
                progress?.converted(records: bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
                out.write(bytes: bytes)
                // Checked at each block of rows, so a full disk stops the conversion there.
                if failed() { throw .standardStreamFailed }
            },
            problem: { line, problem in
                progress?.interrupt()
                err.write(style.red("fx: ") + "\(file):\(line): " + Messages.text(for: problem) + "\n")
            },
            explain: !explains
                ? nil
                : { row in
                    var explanation = Explanation.conversion(
                        row.amount, by: row.quote, base: row.pivot, fractionDigits: row.digits, place: "\(file):\(row.line)")
                    // The fee rule: the share of the exact converted amount, rounded once.
                    if let feePercent = row.feePercent, let fee = row.quote.convert(row.amount * feePercent / 100, places: row.digits) {
                        explanation.fee = (feePercent, fee)
                    }
                    err.write(ExplanationRenderer.text(explanation) + "\n")
                },
            streamsFailed: failed,
            note: { note in
                progress?.interrupt()
                err.write("note: \(file): " + Messages.text(for: note) + "\n")
            })
        let summary: StatementSummary
        do throws(CSVFileProblem) {
            summary = try await statement.run(into: sink)
        } catch {
            // `Modes.settle` says it once, for this command as for all others.
            if error == .standardStreamFailed { return .failed(1) }
            await printWarnings()
            err.write(style.red("fx: ") + Messages.text(for: error, file: statement.file) + "\n")
            return .failed(error.exitStatus)
        }
        await printWarnings()
        return summary.bad > 0 ? .failed(1) : .ok
    }
}
