import FXCommands
import FXRates
import FXRender

extension Session {
    /// `csv <file> …`: streams the file through a `CSVConversion` to stdout or, with `-o`, to a
    /// file replaced atomically at the end. Bad rows are `fx: <file>:<line>: …` on stderr and
    /// make the status 1; a file that cannot be read at all is one line and nothing written.
    func convertFile(_ request: CSVRequest) async -> LineResult {
        let file = request.path
        func fail(_ problem: CSVFileProblem) -> LineResult {
            err.write(presentation.style.red("fx: ") + problem.text(file: file) + "\n")
            return .failed(problem.exitStatus)
        }
        let input: UserFileReader
        do throws(PlainFile.Failure) { input = try UserFileReader(path: file) } catch { return fail(.unreadable(error)) }
        var output: StreamedAtomicFile?
        if let path = request.output {
            if input.isSameFile(as: path) { return fail(.outputIsInput) }
            do throws(POSIXFailure) { output = try StreamedAtomicFile(path: path) } catch { return fail(.outputFailed(error.reason)) }
        }
        let reader = CSVReader { buffer throws(CSVFileProblem) in
            do throws(PlainFile.Failure) { return try input.read(into: buffer) } catch { throw .readFailed(error) }
        }
        let out = self.out
        var writer = CSVWriter(delimiter: UInt8(ascii: ",")) { bytes throws(CSVFileProblem) in
            guard let output else { return out.write(bytes: bytes) }
            do throws(POSIXFailure) { try output.write(bytes) } catch { throw .outputFailed(error.reason) }
        }
        let executor = self.executor, errors = self.err, style = presentation.style
        var request = request
        // Without its own --rule, a file follows fx's --rule, else the `rule` setting.
        request.rule = request.rule ?? executor.dateRule
        let feePercent = request.feePercent
        let conversion = CSVConversion(
            request: request, context: parser.context, catalog: .standard,
            rates: { [request] from, format throws(RateError) in try await executor.pairColumns(from: from, to: request.to, format: format)
            },
            report: { line, problem in
                errors.write(style.red("fx: ") + "\(Messages.printable(file)):\(line): " + problem.text + "\n")
            },
            explain: !explains
                ? nil
                : { line, quote, pivot, amount, digits in
                    var explanation = Explanation.conversion(
                        amount, by: quote, base: pivot, fractionDigits: digits, place: "\(Messages.printable(file)):\(line)")
                    if let feePercent, let rounded = explanation.steps.first?.rounded {
                        explanation.fee = (feePercent, (rounded * feePercent / 100).rounded(scale: digits))
                    }
                    errors.write(ExplanationRenderer.text(explanation) + "\n")
                })
        let summary: CSVConversion.Summary
        do throws(CSVFileProblem) {
            summary = try await conversion.run(reader: reader, writer: &writer)
            try writer.flush()
            if let output {
                // Stopped by --fail-fast, the output would be partial: the old file stays.
                if summary.stopped {
                    output.abandon()
                } else {
                    do throws(POSIXFailure) { try output.commit() } catch { throw .outputFailed(error.reason) }
                }
            }
        } catch {
            output?.abandon()
            try? writer.flush()
            await printWarnings()
            return fail(error)
        }
        await printWarnings()
        return summary.bad > 0 ? .failed(1) : .ok
    }
}
