import FXCommands
import FXAnswers
import FXRates

/// Bare `history`: the conversion log as rows for a person, CSV or JSON.
public struct LogRenderer: Sendable {
    public let style: Style
    /// Seconds ahead of UTC at an instant, for the time column; tests pass a fixed offset so
    /// the text does not depend on the machine.
    public let utcOffset: @Sendable (Date) -> Int

    /// Lines longer than this do not widen the column for everyone else.
    static let maxLineColumn = 32

    public init(style: Style, utcOffset: @escaping @Sendable (Date) -> Int = LocalTime.utcOffset(at:)) {
        self.style = style
        self.utcOffset = utcOffset
    }

    public func text(_ entries: [ConversionLogEntry], format: HistoryFormat) -> String {
        switch format {
        case .chart, .table, .ledger, .hledger, .beancount: rows(entries)
        case .csv: Self.csv(entries)
        case .json: JSONDocument.text(Self.json(entries))
        }
    }

    /// `2026-10-30 18:00  100 usd eur  →  89.51 EUR  ECB 2026-10-30`, oldest first.
    private func rows(_ entries: [ConversionLogEntry]) -> String {
        guard !entries.isEmpty else { return "No conversions yet. Conversions and rate lookups you make appear here." }
        // The log file is outside fx's control: nothing in it may drive the terminal.
        let cells = entries.map { entry in
            (
                time: LocalTime.minuteText(entry.time, offset: utcOffset(entry.time)), line: Messages.printable(entry.line),
                result: Messages.printable(entry.result), origin: origin(entry)
            )
        }
        let lineWidth = min(Self.maxLineColumn, cells.map(\.line.count).max() ?? 0)
        let resultWidth = cells.map(\.result.count).max() ?? 0
        return cells.map { cell in
            let head = "\(cell.time)  \(pad(cell.line, lineWidth))  →  "
            guard !cell.origin.isEmpty else { return head + cell.result }
            return head + pad(cell.result, resultWidth) + "  " + style.dim(cell.origin)
        }.joined(separator: "\n")
    }

    /// `ECB 2026-10-30`, or as much of it as the entry knows.
    private func origin(_ entry: ConversionLogEntry) -> String {
        [entry.source.map { Messages.printable($0.rawValue.uppercased()) }, entry.asOf?.description]
            .compactMap { $0 }.joined(separator: " ")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// RFC 4180 fields; times in UTC so files from different machines sort together.
    /// Text is made printable here too: CSV is often looked at in a terminal.
    static func csv(_ entries: [ConversionLogEntry]) -> String {
        var lines = ["time,line,result,rate,source,as_of"]
        for entry in entries {
            let fields = [
                isoTime(entry.time), Messages.printable(entry.line), Messages.printable(entry.result),
                entry.rate.map(Messages.printable) ?? "", entry.source.map { Messages.printable($0.rawValue) } ?? "",
                entry.asOf?.description ?? "",
            ]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// `{"log":[{"time","line","result","currency","text","rate","source","as_of"}]}`, null for what
    /// is not known: `result` is the number (`"9524"`), `text` the answer as shown (`"9,524 JPY"`).
    public static func json(_ entries: [ConversionLogEntry]) -> JSONValue {
        .object([
            (
                "log",
                .array(
                    entries.map { entry in
                        let amount = entry.resultAmount
                        return .object([
                            ("time", .string(isoTime(entry.time))),
                            ("line", .string(entry.line)),
                            ("result", amount.map { .string($0.number) } ?? .null),
                            ("currency", amount?.currency.map { .string($0.rawValue) } ?? .null),
                            ("text", .string(entry.result)),
                            ("rate", entry.rate.map(JSONValue.string) ?? .null),
                            ("source", entry.source.map { .string($0.rawValue) } ?? .null),
                            ("as_of", entry.asOf.map { .string($0.description) } ?? .null),
                        ])
                    })
            )
        ])
    }

    /// `2026-10-30T17:00:00Z`.
    private static func isoTime(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
