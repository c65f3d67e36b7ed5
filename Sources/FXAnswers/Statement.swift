import FXCommands
import FXRates

/// `csv`'s answer: a statement's rows, streamed as they are converted rather than held whole
/// (a million rows must not wait in memory). The engine makes it; the shell runs it into its
/// outputs, wording the problems through FXRender as it does every other answer's.
public struct Statement: Sendable, Equatable {
    /// The file read, as typed, for the messages that name it.
    public let file: String
    private let body: @Sendable (StatementSink) async throws(CSVFileProblem) -> StatementSummary

    public init(file: String, run: @escaping @Sendable (StatementSink) async throws(CSVFileProblem) -> StatementSummary) {
        self.file = file
        body = run
    }

    /// Converts the file, handing rows, row problems and explanations to `sink` as they come.
    public func run(into sink: StatementSink) async throws(CSVFileProblem) -> StatementSummary {
        try await body(sink)
    }

    /// Two statements are the same answer when they read the same file; the rows are not held.
    public static func == (lhs: Statement, rhs: Statement) -> Bool { lhs.file == rhs.file }
}

/// Where a running statement puts what it makes.
public struct StatementSink {
    /// Converted records for standard output (unused when `-o` names a file).
    public var rows: (UnsafeRawBufferPointer) throws(CSVFileProblem) -> Void
    /// A bad row (its physical line): written anyway, and the status becomes 1.
    public var problem: (_ line: Int, _ problem: CSVRowProblem) -> Void
    /// `--explain`: each converted row's derivation; nil costs the rows nothing.
    public var explain: ((ExplainedRow) -> Void)?
    /// Whether stdout or stderr has taken no more (a full disk): asked at each block of rows,
    /// so a statement written with `-o` stops too, its file left as it was.
    public var streamsFailed: () -> Bool
    /// What the file was read as without being told (its dates' format, its decimal mark).
    public var note: (StatementNote) -> Void

    public init(
        rows: @escaping (UnsafeRawBufferPointer) throws(CSVFileProblem) -> Void,
        problem: @escaping (_ line: Int, _ problem: CSVRowProblem) -> Void, explain: ((ExplainedRow) -> Void)?,
        streamsFailed: @escaping () -> Bool = { false }, note: @escaping (StatementNote) -> Void = { _ in }
    ) {
        self.rows = rows
        self.problem = problem
        self.explain = explain
        self.streamsFailed = streamsFailed
        self.note = note
    }
}

/// One converted row, as `--explain` derives it.
public struct ExplainedRow: Sendable {
    public let line: Int
    public let quote: Quote
    public let pivot: CurrencyCode
    /// The row's signed amount, before conversion.
    public let amount: Decimal
    /// Places of the result.
    public let digits: Int
    /// `--fee`'s percentage, if any.
    public let feePercent: Decimal?

    public init(line: Int, quote: Quote, pivot: CurrencyCode, amount: Decimal, digits: Int, feePercent: Decimal?) {
        self.line = line
        self.quote = quote
        self.pivot = pivot
        self.amount = amount
        self.digits = digits
        self.feePercent = feePercent
    }
}

/// What a statement's run came to.
public struct StatementSummary: Sendable, Equatable {
    public var rows = 0
    public var bad = 0
    /// `--fail-fast` stopped at a bad row.
    public var stopped = false

    public init() {}
}
