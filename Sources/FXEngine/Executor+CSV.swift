import FXAnswers
import FXCommands
import FXRates

extension Executor {
    /// `csv <file> …` as a streamed answer: run, it reads the file row by row and writes the
    /// converted records to the sink's rows or, with `-o`, to a file replaced atomically at the
    /// end (left as it was when `--fail-fast` stops early or anything fails). `context` reads the
    /// amounts' symbols and number format as the line's parser did.
    func statement(_ request: CSVRequest, context: ParseContext) -> Statement {
        var request = request
        // Without its own --rule, a file follows fx's --rule, else the `rule` setting.
        request.rule = request.rule ?? options.rule ?? workspace.preferences.rule
        request.dateOrder = request.dateOrder ?? workspace.preferences.dateOrder
        return Statement(file: request.path) { [self, request] sink throws(CSVFileProblem) in
            try await run(request, context: context, into: sink)
        }
    }

    private func run(_ request: CSVRequest, context: ParseContext, into sink: StatementSink) async throws(CSVFileProblem)
        -> StatementSummary
    {
        let input: UserFileReader
        do throws(PlainFile.Failure) { input = try UserFileReader(path: request.path) } catch { throw .unreadable(error) }
        var output: StreamedAtomicFile?
        if let path = request.output {
            if input.isSameFile(as: path) { throw .outputIsInput }
            do throws(POSIXFailure) { output = try StreamedAtomicFile(path: path) } catch { throw .outputFailed(error.reason) }
        }
        let reader = CSVReader { buffer throws(CSVFileProblem) in
            do throws(PlainFile.Failure) { return try input.read(into: buffer) } catch { throw .readFailed(error) }
        }
        let rows = sink.rows, streamsFailed = sink.streamsFailed
        var writer = CSVWriter(delimiter: UInt8(ascii: ",")) { bytes throws(CSVFileProblem) in
            // Rows (and their problems on stderr) that can no longer be shown: stop, `-o` abandoned.
            if streamsFailed() { throw .standardStreamFailed }
            guard let output else { return try rows(bytes) }
            do throws(POSIXFailure) { try output.write(bytes) } catch { throw .outputFailed(error.reason) }
        }
        let feePercent = request.feePercent
        let explain = sink.explain
        let rule = request.rule.flatMap { workspace.preferences.rules[$0.rawValue] }.flatMap { $0.isNamed ? $0 : nil }
        let conversion = CSVConversion(
            request: request, context: context, catalog: catalog,
            rates: { [self, request] from, format throws(RateError) in
                try await pairColumns(from: from, to: request.to, format: format, rule: rule)
            },
            report: sink.problem,
            explain: explain.map { explain in
                { line, quote, pivot, amount, digits in
                    explain(ExplainedRow(line: line, quote: quote, pivot: pivot, amount: amount, digits: digits, feePercent: feePercent))
                }
            }, today: LocalCalendar.today(at: now()), namedRule: rule != nil,
            rescan: { [path = request.path] () throws(CSVFileProblem) -> CSVReader in
                // The same file again from its start, to see what its dates and amounts show.
                let again: UserFileReader
                do throws(PlainFile.Failure) { again = try UserFileReader(path: path) } catch { throw .unreadable(error) }
                return CSVReader { buffer throws(CSVFileProblem) in
                    do throws(PlainFile.Failure) { return try again.read(into: buffer) } catch { throw .readFailed(error) }
                }
            }, note: sink.note)
        do throws(CSVFileProblem) {
            let summary = try await conversion.run(reader: reader, writer: &writer)
            try writer.flush()
            if let output {
                // Stopped by --fail-fast, the output would be partial: the old file stays.
                if summary.stopped {
                    output.abandon()
                } else {
                    do throws(POSIXFailure) { try output.commit() } catch { throw .outputFailed(error.reason) }
                }
            }
            return summary
        } catch {
            output?.abandon()
            try? writer.flush()
            throw error
        }
    }

    /// `from` against `to` on every publication held, for a CSV file's rows.
    func pairColumns(from: CurrencyCode, to: CurrencyCode, format: NumberFormat, rule: Rule? = nil) async throws(RateError)
        -> PairColumns
    {
        if let rule {
            // A statement's days are known only as its rows are read: the whole series of the pair.
            let (series, provenance) = try await ruleSeries(rule, from: from, to: to, since: nil, tabled: true)
            return PairColumns(
                from: from, to: to, history: series.derived, provenance: provenance, complete: true, format: format, rule: series)
        }
        let service = try historyService()
        let held = try await service.columns(HistoryService.withAnchors([from, to]), only: options.source)
        // Each row as `convert … on` its day answers: a currency silent that day carried within its
        // source's window, a pegged one at its peg.
        let source = held.provenance.source
        let carried = CarriedRow.pair(
            from, to, in: held.history, window: service.carryForwardDays(of: source), pegs: service.appliesPegs(of: source))
        return PairColumns(
            from: from, to: to, history: carried.history, provenance: held.provenance, complete: held.complete, format: format,
            rowDays: carried.rowDays)
    }
}
