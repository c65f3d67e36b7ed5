import FXAnswers
import FXCommands
import FXRates

/// The rows of one CSV file converted at each row's date: header → columns resolved → for each
/// record, the fields as read plus `rate`, `rate_date`, `source`, `amount_<to>` (and `fee`).
/// Rates come once per currency from `rates`; every row after that is read in memory.
final class CSVConversion {
    typealias Rates = (_ from: CurrencyCode, _ format: NumberFormat) async throws(RateError) -> PairColumns

    let request: CSVRequest
    let context: ParseContext
    let catalog: CurrencyCatalog
    let rates: Rates
    /// A bad row: its physical line and why; the row is written anyway.
    let report: (_ line: Int, _ problem: CSVRowProblem) -> Void
    /// `--explain`: each converted row's line, the day's quote, the pivot, the signed amount and
    /// the digits of the result; nil costs the rows nothing.
    let explain: ((_ line: Int, _ quote: Quote, _ pivot: CurrencyCode, _ amount: Decimal, _ digits: Int) -> Void)?
    /// The user's today: a row dated after it is a bad row (no rates are published for it), and
    /// a two-digit year (`%y`) never reads as after its year.
    let today: Day?
    /// Under a named rule each row adds a `rule` column too.
    let namedRule: Bool
    /// A new reader of the same file from its start, to read what its dates and amounts show
    /// before the rows are converted; nil reads without looking ahead (ISO dates).
    let rescan: (() throws(CSVFileProblem) -> CSVReader)?
    /// What the file was read as without being told.
    let note: (StatementNote) -> Void
    /// The date format given or read from the file, for a bad date's message; nil for ISO.
    private var dateFormatText: String?

    init(
        request: CSVRequest, context: ParseContext, catalog: CurrencyCatalog, rates: @escaping Rates,
        report: @escaping (_ line: Int, _ problem: CSVRowProblem) -> Void,
        explain: ((_ line: Int, _ quote: Quote, _ pivot: CurrencyCode, _ amount: Decimal, _ digits: Int) -> Void)? = nil,
        today: Day? = nil,
        namedRule: Bool = false, rescan: (() throws(CSVFileProblem) -> CSVReader)? = nil, note: @escaping (StatementNote) -> Void = { _ in }
    ) {
        self.rescan = rescan
        self.note = note
        self.today = today
        self.namedRule = namedRule
        self.request = request
        self.context = context
        self.catalog = catalog
        self.rates = rates
        self.report = report
        self.explain = explain
    }

    /// What rows leave for the rows after them: a local of `run`, passed along `inout`, since
    /// the class's own properties would cost an exclusivity check on every read.
    private struct RowState {
        var slots = CurrencySlots()
        /// The number format given, or proven by the first amount that proves one.
        var proven: NumberFormat?
        /// Whether the number format was given, or what showed it has been said (or needed no saying).
        var formatSaid = false
        /// Whether the whole file was read for its number format, at the first amount that read two ways.
        var numbersInferred = false
        /// The last date field read (8 to 16 bytes) and its day: rows in date order repeat it
        /// (parsing and validating each was 3.1% of the 1M-row benchmark's samples, the comparison 1.5%).
        var lastDate: (low: UInt64, high: UInt64, count: Int, day: Day) = (0, 0, -1, Day(ordinal: 0))
    }

    private struct Columns {
        var amount: Int
        var currency: Int?
        var date: Int
        var count: Int
    }

    func run(reader: CSVReader, writer: inout CSVWriter) async throws(CSVFileProblem) -> StatementSummary {
        try reader.start(delimiter: request.delimiter)
        writer.delimiter = reader.delimiter
        guard try reader.next() else { throw .empty }
        let header = (0..<reader.fields.count).map(reader.text)
        let columns = Columns(
            amount: try resolve(request.amount, option: "--amount", header),
            currency: try request.currency.map { column throws(CSVFileProblem) in try resolve(column, option: "--currency", header) },
            date: try resolve(request.date, option: "--date", header), count: header.count)
        // Before anything is written: a file whose dates cannot be read is refused whole.
        dateFormatText = request.dateFormat
        if request.dateFormat == nil { dateFormatText = try inferDates(column: columns.date, delimiter: reader.delimiter) }
        for index in header.indices { reader.withField(index) { writer.field($0) } }
        writer.field("rate")
        writer.field("rate_date")
        writer.field("source")
        if namedRule { writer.field("rule") }
        writer.field("amount_" + request.to.rawValue.lowercased())
        if request.feePercent != nil { writer.field("fee") }
        try writer.endRecord()

        // Only the decimal mark: amounts in a file are never grouped.
        let numberFormat = request.numberFormat ?? .english
        var format = dateFormatText.flatMap(DayFormat.init) ?? .iso
        if let today { format.latestYear = today.components.year }
        let digits = catalog.minorUnits(of: request.to)
        let fee = request.feePercent.map { $0 / 100 }
        let feeParts = fee.flatMap(DecimalParts.init).flatMap { $0.negative && $0.mantissa != 0 ? nil : $0 }
        var summary = StatementSummary()
        var state = RowState(proven: request.numberFormat, formatSaid: request.numberFormat != nil)
        while try reader.next() {
            if reader.isBlank { continue }
            summary.rows += 1
            let fieldCount = reader.fields.count
            if reader.inPlace {
                // The fields as they stand in the file, delimiters and all, in one copy
                // (rather than one per field: 0.280 → 0.270 s CPU, median of 12 on the 1M-row benchmark).
                reader.withRecord { writer.plainField($0) }
            } else if reader.isPlain {
                // Nothing to escape: fields copied without a look at their bytes.
                for index in 0..<fieldCount { reader.withField(index) { writer.plainField($0) } }
            } else {
                for index in 0..<fieldCount { reader.withField(index) { writer.field($0) } }
            }
            for _ in fieldCount..<max(fieldCount, columns.count) { writer.emptyField() }
            var outcome = row(reader, columns: columns, format: format, &state)
            // The first amount that reads two ways: what the whole file shows settles it, once.
            if case .failure(.badAmount(let text, .ambiguous)) = outcome, !state.numbersInferred {
                state.numbersInferred = true
                if let (proven, evidence) = try inferNumbers(column: columns.amount, delimiter: reader.delimiter) {
                    state.proven = proven
                    state.formatSaid = true
                    outcome = row(reader, columns: columns, format: format, &state)
                    let value = reader.withField(columns.amount) { try? FieldAmount.read($0, format: proven, context: context).get().value }
                    note(.numbers(proven, shownBy: evidence, settles: value.map { (text, $0) }))
                }
            }
            // An amount proved the format (`12,50`): a decimal comma is said once.
            if !state.formatSaid, let proven = state.proven {
                state.formatSaid = true
                if proven.decimalMark != "." {
                    note(.numbers(proven, shownBy: .amount(reader.text(columns.amount), line: reader.line), settles: nil))
                }
            }
            // A currency met for the first time: its rates are asked for once, then the row again.
            if case .failure(.ratesNeeded(let from)) = outcome {
                let slot = state.slots.slot(for: from, key: 0)
                do throws(RateError) {
                    state.slots.pairs[slot] = try await rates(from, numberFormat)
                } catch {
                    state.slots.failures[slot] = error
                }
                outcome = row(reader, columns: columns, format: format, &state)
            }
            // The amount converted (and the fee), before anything of the row's added columns is written.
            var result: Converted?
            if case .success(let (slot, index, amount, _)) = outcome {
                result = converted(amount, by: state.slots.pairs[slot]!, at: index, digits: digits, fee: fee, feeParts: feeParts)
                if result == nil { outcome = .failure(.badAmount(reader.text(columns.amount), .tooLarge)) }
            }
            switch outcome {
            case .success(let (slot, index, amount, day)):
                let pair = state.slots.pairs[slot]!
                // `rate`, `rate_date` and `source`, escaped once per publication.
                state.slots.withAddedColumns(slot: slot, at: index, delimiter: writer.delimiter) { writer.plainField($0) }
                switch result! {
                case .units(let units, let charge):
                    writer.number(units, negative: amount.negative, digits: digits, format: numberFormat)
                    if let charge { writer.number(charge, negative: amount.negative, digits: digits, format: numberFormat) }
                case .decimal(let converted, let charge):
                    writer.field(DecimalFormat.fixed(converted, fractionDigits: digits, format: numberFormat))
                    if let charge { writer.field(DecimalFormat.fixed(charge, fractionDigits: digits, format: numberFormat)) }
                }
                try writer.endRecord()
                if let explain { explain(reader.line, pair.quote(at: index, on: day), pair.pivot, amount.decimal, digits) }
            case .failure(let problem):
                for _ in 0..<((request.feePercent == nil ? 4 : 5) + (namedRule ? 1 : 0)) { writer.emptyField() }
                try writer.endRecord()
                summary.bad += 1
                report(reader.line, problem)
                if request.failFast {
                    summary.stopped = true
                    return summary
                }
            }
        }
        return summary
    }

    /// The added columns' inputs for the current record, or the row's problem.
    /// Synchronous, so that a row costs no suspension point; `.ratesNeeded` asks the caller to fetch.
    private func row(_ reader: CSVReader, columns: Columns, format: DayFormat, _ state: inout RowState)
        -> Result<(slot: Int, index: Int, amount: DecimalParts, day: Day), CSVRowProblem>
    {
        let fieldCount = reader.fields.count
        // A field beyond the header's: the added columns would shift under other headings.
        guard fieldCount <= columns.count else { return .failure(.extraFields(fields: fieldCount, header: columns.count)) }
        guard columns.amount < fieldCount else {
            return .failure(.missingField(option: "--amount", column: columns.amount + 1, fields: fieldCount))
        }
        guard columns.date < fieldCount else {
            return .failure(.missingField(option: "--date", column: columns.date + 1, fields: fieldCount))
        }
        // A symbol or code written on the amount.
        var written: CurrencyCode?
        let parts: DecimalParts
        if let plain = reader.withField(columns.amount, { FieldAmount.plainParts($0, format: state.proven) }) {
            parts = plain
        } else {
            let amount: FieldAmount.Reading
            switch reader.withField(columns.amount, { FieldAmount.read($0, format: state.proven, context: context) }) {
            case .success(let reading): amount = reading
            case .failure(let problem): return .failure(.badAmount(reader.text(columns.amount), problem))
            }
            guard let read = DecimalParts(amount.value) else { return .failure(.badAmount(reader.text(columns.amount), .malformed)) }
            parts = read
            written = amount.currency
            if state.proven == nil, let proves = amount.proves { state.proven = proves }
        }
        guard let day = reader.withField(columns.date, { self.day($0, format: format, &state.lastDate) }) else {
            return .failure(.badDate(reader.text(columns.date), format: dateFormatText))
        }
        if let today, day > today { return .failure(.futureDate(reader.text(columns.date), day)) }
        let from: Int
        if let code = request.from {
            from = state.slots.slot(for: code, key: 0)
        } else if let column = columns.currency {
            guard column < fieldCount else {
                return .failure(.missingField(option: "--currency", column: column + 1, fields: fieldCount))
            }
            switch currency(reader, column, &state.slots) {
            case .success(let slot?): from = slot
            case .success(nil):
                guard let written = written else { return .failure(.emptyCurrency) }
                from = state.slots.slot(for: written, key: 0)
            case .failure(let problem): return .failure(problem)
            }
            if let written = written, written != state.slots.codes[from] {
                return .failure(.currencyDisagrees(amount: written, column: state.slots.codes[from]))
            }
        } else {
            guard let written = written else { return .failure(.emptyCurrency) }
            from = state.slots.slot(for: written, key: 0)
        }
        guard let pair = state.slots.pairs[from] else {
            if let error = state.slots.failures[from] { return .failure(.rates(error)) }
            return .failure(.ratesNeeded(state.slots.codes[from]))
        }
        switch pair.index(for: day, strictlyBefore: request.rule == .previousBusinessDay) {
        case .success(let index): return .success((from, index, parts, day))
        case .failure(let problem): return .failure(problem)
        }
    }

    /// A row's converted amount and fee: in units of the minor unit, or as Decimals where 128 bits do not hold them.
    private enum Converted {
        case units(UInt128, fee: UInt128?)
        case decimal(Decimal, fee: Decimal?)
    }

    /// |amount| converted (and the fee on it), exactly rounded; nil where the exact figures are
    /// beyond a Decimal, which the row reports rather than print a rounded guess. The fee follows
    /// `FeeRule`: the conversion of amount × fee, which is the fee on the exact converted amount
    /// rounded once, as the calculator computes it.
    private func converted(
        _ amount: DecimalParts, by pair: PairColumns, at index: Int, digits: Int, fee: Decimal?, feeParts: DecimalParts?
    ) -> Converted? {
        if let units = pair.units(amount, at: index, digits: digits) {
            guard let feeParts else { return .units(units, fee: nil) }
            if let base = FeeRule.feeBase(amount, fraction: feeParts), let charge = pair.units(base, at: index, digits: digits) {
                return .units(units, fee: charge)
            }
        }
        // Beyond 128 bits: the Decimal path, as a typed conversion computes it.
        guard let converted = pair.convert(amount.decimal, at: index, places: digits) else { return nil }
        guard let fee else { return .decimal(converted, fee: nil) }
        guard let base = Decimal.exactProduct(amount.decimal, fee), let charge = pair.convert(base, at: index, places: digits) else {
            return nil
        }
        return .decimal(converted, fee: charge)
    }

    /// The day a date field holds; the last field's day again when the bytes (8 to 16 of them) are the same.
    private func day(
        _ bytes: UnsafeBufferPointer<UInt8>, format: DayFormat, _ lastDate: inout (low: UInt64, high: UInt64, count: Int, day: Day)
    ) -> Day? {
        guard bytes.count >= 8, bytes.count <= 16, let base = bytes.baseAddress else { return format.day(bytes) }
        // The first and the last eight bytes (overlapping below 16) with the count tell the field.
        let raw = UnsafeRawPointer(base)
        let low = raw.loadUnaligned(as: UInt64.self), high = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        if low == lastDate.low, high == lastDate.high, bytes.count == lastDate.count { return lastDate.day }
        guard let day = format.day(bytes) else { return nil }
        lastDate = (low, high, bytes.count, day)
        return day
    }

    /// The slot of the row's currency, nil for an empty field; `usd`, ` USD ` and symbols (`$`) read.
    private func currency(_ reader: CSVReader, _ column: Int, _ slots: inout CurrencySlots) -> Result<Int?, CSVRowProblem> {
        let found: Int?? = reader.withField(column) { bytes in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            if start == end { return .some(nil) }
            var key: UInt32 = 0
            if end - start == 3 {
                for offset in 0..<3 { key = key << 8 | UInt32(bytes[start + offset] & 0xDF) }
                if let known = slots.slot(forKey: key) { return known }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            if let symbol = context.symbols[text] { return slots.slot(for: symbol, key: key) }
            guard let code = CurrencyCode(text),
                catalog.contains(code) || ParseContext.ecbCodes.contains(code) || AssetCatalog.standard.contains(code)
            else { return nil }
            return slots.slot(for: code, key: key)
        }
        guard let found else { return .failure(.unknownCurrency(reader.text(column).trimmedSpaces)) }
        return .success(found)
    }

    /// The format the file's dates show (nil: ISO), said once; a file whose every date reads two ways is refused.
    private func inferDates(column: Int, delimiter: UInt8) throws(CSVFileProblem) -> String? {
        guard let rescan else { return nil }
        let scan = try rescan()
        try scan.start(delimiter: delimiter)
        guard try scan.next() else { return nil }
        var inference = DateInference(order: request.dateOrder ?? .ask)
        var verdict: DateInference.Verdict?
        while verdict == nil, try scan.next() {
            guard !scan.isBlank, column < scan.fields.count else { continue }
            verdict = inference.read(scan.text(column), line: scan.line)
        }
        switch verdict ?? inference.end() {
        case .format(let format, let said)?:
            if let said { note(.dates(said)) }
            return format == "%Y-%m-%d" ? nil : format
        case .ambiguous(let text, let dayFirst, let monthFirst)?:
            throw .ambiguousDates(text, dayFirst: dayFirst, monthFirst: monthFirst)
        case nil:
            return nil
        }
    }

    /// The number format the whole file shows: the first amount that reads one way only, else
    /// its delimiter (`,`: a decimal point; `;`: a decimal comma); nil when neither tells.
    private func inferNumbers(column: Int, delimiter: UInt8) throws(CSVFileProblem) -> (NumberFormat, NumberEvidence)? {
        if let rescan {
            let scan = try rescan()
            try scan.start(delimiter: delimiter)
            if try scan.next() {
                while try scan.next() {
                    guard !scan.isBlank, column < scan.fields.count else { continue }
                    let text = scan.text(column)
                    if let proven = FieldAmount.provenFormat(Substring(text)) { return (proven, .amount(text, line: scan.line)) }
                }
            }
        }
        switch delimiter {
        case UInt8(ascii: ","): return (.english, .delimiter(delimiter))
        case UInt8(ascii: ";"): return (.german, .delimiter(delimiter))
        default: return nil
        }
    }

    private func resolve(_ column: CSVRequest.Column, option: String, _ header: [String]) throws(CSVFileProblem) -> Int {
        switch column {
        case .number(let number):
            guard number <= header.count else { throw .missingColumn(column, option: option, existing: header) }
            return number - 1
        case .name(let name):
            let trimmed = { (text: String) in text.trimmedSpaces }
            if let exact = header.firstIndex(where: { trimmed($0) == name }) { return exact }
            if let folded = header.firstIndex(where: { trimmed($0).lowercased() == name.lowercased() }) { return folded }
            throw .missingColumn(column, option: option, existing: header)
        }
    }
}

extension String {
    /// Without spaces and tabs at either end.
    fileprivate var trimmedSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
