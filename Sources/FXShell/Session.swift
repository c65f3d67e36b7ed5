import FXCommands
import FXRates
import FXAnswers
import FXRender
import Synchronization

/// One line through the whole pipeline: parse → execute → render, with warnings and errors
/// on stderr. The three modes differ only in where lines come from and how errors are labelled.
public final class Session: Sendable {
    public struct Presentation: Sendable {
        public var json: Bool
        public var style: Style
        /// Provenance lines and error carets: for a person at a terminal.
        public var forPerson: Bool
        /// Columns for charts and tables, measured again for each answer: the window may have
        /// been resized since the last one.
        public var columns: @Sendable () -> Int
        /// A spinner on stderr while `refresh` waits (stderr is a terminal).
        public var showsProgress = false
        /// `--explain`: each conversion's derivation, on stderr (in JSON, an `explain` member).
        public var explain = false

        /// A fixed width.
        public var width: Int {
            get { columns() }
            set { columns = { newValue } }
        }

        public init(json: Bool, style: Style, forPerson: Bool, width: Int = 80) {
            self.json = json
            self.style = style
            self.forPerson = forPerson
            columns = { width }
        }
    }

    public enum LineResult: Equatable, Sendable {
        case ok
        case nothing
        case failed(Int32)
        case quit
    }

    /// The parser as configured; `parser` adds what the workspace holds now.
    private let baseParser: Parser
    /// The parser for the workspace's generation it was made for: a `set` or a new variable makes another.
    private let current: Mutex<(generation: Int, parser: Parser)>
    let executor: Executor
    let clock: any WallClock
    let presentation: Presentation
    let out: any TextOutput
    let err: any TextOutput
    /// Answered conversions and rate lookups are kept here for bare `history`.
    let log: (any ConversionLog)?
    private let logWarned = Latch()
    /// Whether this run has said that its rates are overdue (`noteOverdue`): once per run.
    private let overdueSaid = Latch()
    /// Script mode's fast lane, which learns from the conversions answered here; nil elsewhere.
    public let quickLane: QuickLane?
    /// Where `watch` draws its board.
    let watchSetup: WatchSetup

    public init(
        parser: Parser, executor: Executor, clock: any WallClock,
        presentation: Presentation, out: any TextOutput, err: any TextOutput,
        log: (any ConversionLog)? = nil, quickLane: QuickLane? = nil, watch: WatchSetup = WatchSetup()
    ) {
        watchSetup = watch
        baseParser = parser
        current = Mutex((executor.workspace.generation, Self.parser(parser, for: executor.workspace)))
        self.executor = executor
        self.clock = clock
        self.presentation = presentation
        self.out = out
        self.err = err
        self.log = log
        // The lane prints plain text only: no JSON, no colour, no provenance lines, no log,
        // and no --max-age verdict to give.
        let plain =
            !presentation.json && !presentation.forPerson && !presentation.style.color && log == nil
            && executor.options.maxAge == nil && !presentation.explain
        self.quickLane = plain ? quickLane : nil
    }

    /// A write to stdout or stderr failed: the modes stop producing (see `Modes.settle`).
    public var outputFailed: Bool { out.failure != nil || err.failure != nil }

    /// The parser that knows this session's variables, and reads `$` as a dollar home currency.
    public var parser: Parser {
        let workspace = executor.workspace
        let generation = workspace.generation
        return current.withLock { current in
            if current.generation != generation { current = (generation, Self.parser(baseParser, for: workspace)) }
            return current.parser
        }
    }

    private static func parser(_ base: Parser, for workspace: Workspace) -> Parser {
        var context = base.context
        context.variables = workspace.names
        context.numberFormat = workspace.preferences.numberFormat
        context.dateOrder = workspace.preferences.dateOrder
        context.home = workspace.preferences.home
        context.aliases = workspace.preferences.aliases
        // `$` is the home currency when it is a dollar, `kr` when a crown, `¥` when the yuan.
        for entry in context.home == nil ? [] : CurrencyNames.ambiguousSymbols {
            guard let symbol = entry.names.first, context.symbols[symbol] != nil else { continue }
            let reading = CurrencyNames.choose(entry, home: context.home, catalog: context.catalog)
            if reading.choice == .home { context.symbols[symbol] = reading.code }
        }
        return Parser(tree: base.tree, context: context)
    }

    /// Runs one line. `number` labels errors in script mode (`fx: line 3: …`).
    public func run(_ line: String, number: Int? = nil) async -> LineResult {
        // Names or settings changed by this line: the lane's rows may no longer read as they did.
        defer { quickLane?.noteGeneration(executor.workspace.generation) }
        let command: Command?
        var understood: [Understood] = []
        do {
            command = try parser.parse(line, understood: &understood)
        } catch {
            report(.usage(error), line: line, number: number)
            return .failed(Failure.usage(error).exitStatus)
        }
        guard let command else { return .nothing }
        if command == .quit { return .quit }
        do {
            // At a terminal, a fetch that takes a while shows a progress line on stderr.
            let progress = presentation.showsProgress ? ProgressLine("asking the sources", output: err, clock: clock) : nil
            let (executor, context) = (executor, parser.context)
            let answer = { () async -> Result<Outcome, Failure> in
                do throws(Failure) { return .success(try await executor.execute(command, context: context)) } catch {
                    return .failure(error)
                }
            }
            // Piped, not even the task-local is set: a one-shot's path stays as it was.
            let result = if let progress { await FetchProgress.$watcher.withValue(progress, operation: answer) } else { await answer() }
            await progress?.stop()
            let json = presentation.json
            let outcome = try result.flatMap { outcome -> Result<Outcome, Failure> in
                // Refused before a record is read: JSON mode must never pass CSV off as its own.
                if case .statement = outcome, json { return .failure(.usage(UsageError(.csv(.jsonOutput)))) }
                return .success(outcome)
            }.get()
            if case .statement(let statement) = outcome { return await stream(statement) }
            if case .watch(let request) = outcome { return await watch(request) }
            let warned = await printWarnings()
            let printed = emit(outcome, understood: understood)
            noteDateMeaning(outcome)
            noteSubstitutedDays(outcome)
            noteOverdue(outcome)
            noteUnderstood(understood)
            let succeeded = noteSuccessions(outcome)
            noteFarOwnRates(outcome)
            record(outcome, line: line)
            // A line with names is answered here each time, so that each answer says what it read.
            if let quickLane, understood.isEmpty {
                // The lane reads and writes in the number format (a change makes it forget), and
                // explains nothing: under `set explain on` it forgets all.
                quickLane.format = executor.workspace.preferences.numberFormat
                if !explains {
                    await teach(quickLane, command: command, outcome: outcome, line: line, printed: warned || succeeded ? nil : printed)
                } else {
                    quickLane.forget()
                }
            }
            if let failure = executor.verdict(on: outcome) {
                // The answer is already out; in JSON mode an error object would make two per command.
                report(failure, line: line, number: number, emitJSON: false)
                return .failed(failure.exitStatus)
            }
            // A condition that does not hold is an answer, not an error: status 1, said by the verdict.
            if case .condition(let verdict) = outcome, !verdict.holds { return .failed(verdict.exitStatus) }
            return .ok
        } catch {
            await printWarnings()
            report(error, line: line, number: number)
            // A condition's 1 means false: any error it meets is 2, for a script's `if`.
            if case .condition = command { return .failed(2) }
            return .failed(error.exitStatus)
        }
    }

    /// A line too long to read (`StandardInputLines.lineLimit`), reported as a parse error is.
    public func refuseTooLongLine(number: Int?) -> LineResult {
        let error = UsageError(.lineTooLong(limit: StandardInputLines.lineLimit))
        report(.usage(error), line: "", number: number)
        return .failed(Failure.usage(error).exitStatus)
    }

    /// What the fast lane may learn from an answer, and what makes it forget: rates from a newer
    /// fetch than it learned, or a command that changes the rates or the sources.
    private func teach(_ lane: QuickLane, command: Command, outcome: Outcome, line: String, printed: String?) async {
        switch outcome {
        case .conversion(let conversion):
            lane.observe(conversion.lines.flatMap(\.quote.provenances))
            if case .convert(_, _, let targets, nil) = command, targets.count == 1, let printed {
                lane.learn(line: line, conversion: conversion, printed: printed)
                await teachRows(lane, conversion: conversion, line: line, printed: printed)
            }
        case .calculation(let result):
            lane.observe(result.lines.flatMap(\.quotes).flatMap(\.provenances))
            if case .calculate = command, let printed { lane.learnSum(line: line, result: result, printed: printed) }
        case .rates(let listing): lane.observe(listing.quotes.flatMap(\.provenances))
        case .refresh, .sources, .configured: lane.forget()
        default: break
        }
    }

    /// The rows of the fetch that answered a conversion directly, for pairs never asked; only the
    /// codes this session's parser reads as themselves, in capitals and in small letters.
    private func teachRows(_ lane: QuickLane, conversion: Conversion, line: String, printed: String) async {
        guard conversion.lines.count == 1, let quote = conversion.lines.first?.quote, quote.via == nil, quote.secondLeg == nil,
            lane.wantsRows(of: quote.provenance), let (rows, catalog) = await executor.directRows(of: quote.provenance)
        else { return }
        let parser = self.parser
        func reads(_ code: CurrencyCode) -> Bool {
            [code.rawValue, code.rawValue.lowercased()].allSatisfy { text in
                var understood: [Understood] = []
                guard case .convert(_, let from, let to, let date)? = try? parser.parse("1 \(text) \(text)", understood: &understood)
                else { return false }
                return from == code && to == [code] && date == nil && understood.isEmpty
            }
        }
        lane.learnRows(rows, catalog: catalog, reads: reads, line: line, printed: printed, generation: executor.workspace.generation)
    }

    @discardableResult
    private func emit(_ outcome: Outcome, understood: [Understood] = []) -> String? {
        let explanation = explains ? Explanation.of(outcome, bases: executor.sourceBases) : nil
        var text =
            presentation.json
            ? JSONRenderer.render(
                outcome, snapshot: executor.snapshotName, explain: explanation.map(ExplanationRenderer.json), understood: understood)
            : TextRenderer(
                style: presentation.style, showProvenance: presentation.forPerson, width: presentation.width,
                snapshot: executor.snapshotName
            ).render(outcome, now: clock.now())
        // `set number_format de`: answers for people in that format; JSON stays as programs read it.
        if !presentation.json, LocalizedNumbers.applies(to: outcome) {
            text = text.map { LocalizedNumbers.text($0, format: executor.workspace.preferences.numberFormat) }
        }
        if let text { out.write(text + "\n") }
        if let explanation, !presentation.json {
            // After the answer it explains: stdout is buffered, stderr is not.
            out.flush()
            err.write(ExplanationRenderer.text(explanation) + "\n")
        }
        return text
    }

    /// `note: yesterday = 2026-11-24` on stderr, so stdout keeps its one line; JSON has `date_meant`.
    private func noteDateMeaning(_ outcome: Outcome) {
        guard !presentation.json, let meaning = outcome.dateMeaning else { return }
        out.flush()
        err.write("note: " + Messages.meaning(meaning) + "\n")
    }

    /// Without provenance lines (stdout is no terminal) the day that answered a dated question
    /// would be lost in a pipe when it is not the day asked: it is said on stderr. JSON has it.
    private func noteSubstitutedDays(_ outcome: Outcome) {
        guard !presentation.forPerson, !presentation.json else { return }
        let provenances = outcome.answerQuotes.flatMap(\.provenances)
        var said = Set<String>()
        for note in provenances.compactMap(Messages.substitutedDay) where said.insert(note).inserted {
            out.flush()
            err.write("note: " + note + "\n")
        }
    }

    /// Piped or in a script there are no provenance lines, so "newer rates 25d overdue" would go
    /// unsaid: the first answer of a run resting on overdue rates says it once on stderr (stdout
    /// keeps its bare answer), as a coarse rate's warning does. `--max-age` says it as the error.
    private func noteOverdue(_ outcome: Outcome) {
        guard !presentation.forPerson, executor.options.maxAge == nil else { return }
        let now = clock.now()
        guard let note = outcome.answerQuotes.flatMap(\.provenances).lazy.compactMap({ Messages.overdue($0, now: now) }).first,
            overdueSaid.claim()
        else { return }
        out.flush()
        err.write(presentation.style.yellow("warning:") + " " + note + "\n")
    }

    /// What an ambiguous name, symbol or unit was read as (`dollars = USD (US Dollar)`), on
    /// stderr after the answer in every mode; JSON has it in `understood`.
    private func noteUnderstood(_ understood: [Understood]) {
        guard !presentation.json else { return }
        for item in understood where item.isAmbiguous {
            out.flush()
            err.write("note: " + Messages.text(for: item) + "\n")
        }
    }

    /// A rate of your own far from the reference is most likely a pair written the other way
    /// round: said on stderr in every mode (JSON carries `far_from_reference` too).
    private func noteFarOwnRates(_ outcome: Outcome) {
        guard case .calculation(let result) = outcome else { return }
        for note in result.lines.compactMap({ $0.givenRate.flatMap(Messages.ownRateFarOff) }) {
            out.flush()
            err.write(presentation.style.yellow("warning:") + " " + note + "\n")
        }
    }

    /// After the answer, so a slow or broken log file never holds it back or turns it into an error.
    private func record(_ outcome: Outcome, line: String) {
        // `set log off` (kept in the config) stops the log at once, for this session too.
        guard let log, executor.workspace.preferences.log else { return }
        let entries = ConversionLogEntry.entries(for: outcome, line: line, at: clock.now())
        guard !entries.isEmpty, let warning = log.append(entries), logWarned.claim() else { return }
        // Once per session: a prompt would otherwise repeat it after every answer.
        err.write(presentation.style.yellow("warning:") + " " + warning + "\n")
    }

    /// The executor's diagnostics as warnings, each text once (a CSV asks each currency's history
    /// on its own, and each ask may repeat what the one before said); whether there were any.
    @discardableResult
    func printWarnings() async -> Bool {
        let now = clock.now()
        let diagnostics = await executor.takeDiagnostics()
        var seen: Set<String> = []
        for diagnostic in diagnostics {
            let text = Messages.text(for: diagnostic, now: now)
            if seen.insert(text).inserted { err.write(presentation.style.yellow("warning:") + " " + text + "\n") }
            // A warning that names the old rates answering (`--offline` on superseded rates, cached
            // rates after a failed fetch) has said what the overdue note would.
            if diagnostic.namesOldRates { _ = overdueSaid.claim() }
        }
        return !diagnostics.isEmpty
    }

    /// `--explain` for this run, or `set explain on`.
    var explains: Bool { presentation.explain || executor.workspace.preferences.explain }

    /// `fx: line 3: Unknown currency 'EUX'. Did you mean 'EUR'?` on stderr, and in JSON mode
    /// also the error object on stdout so a consumer sees one object per line.
    private func report(_ failure: Failure, line: String, number: Int?, emitJSON: Bool = true) {
        if presentation.json, emitJSON {
            out.write(JSONRenderer.render(failure, line: number) + "\n")
        }
        // After the answer it judges: stdout is buffered, stderr is not.
        out.flush()
        let label = number.map { "fx: line \($0): " } ?? "fx: "
        err.write(presentation.style.red(label) + failure.message + "\n")
        // The caret needs the line as typed; a line with control characters is not echoed at all.
        if presentation.forPerson, number == nil, case .usage(let error) = failure, let span = error.span,
            Messages.printable(line) == line
        {
            // Counted in columns, not characters: 円 takes two, a combining accent none.
            let before = line.prefix(span.lowerBound), word = line.dropFirst(span.lowerBound).prefix(span.count)
            err.write(
                "  " + line + "\n  " + String(repeating: " ", count: DisplayWidth.of(before))
                    + presentation.style.red(String(repeating: "^", count: max(1, DisplayWidth.of(word)))) + "\n")
        }
    }
}

/// True the first time only.
extension Diagnostic {
    /// Says which older rates answered (and of what day), as the overdue note would.
    fileprivate var namesOldRates: Bool {
        switch self {
        case .staleData, .fetchFailed, .fetchesFailed: true
        default: false
        }
    }
}

private final class Latch: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
