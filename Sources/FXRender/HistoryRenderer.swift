import FXCommands
import FXRates
import Foundation

/// `history <base> <quote>`: chart and statistics, a table, CSV or JSON.
public struct HistoryRenderer: Sendable {
    public let style: Style
    /// Columns the chart may use.
    public let width: Int

    public init(style: Style, width: Int) {
        self.style = style
        self.width = width
    }

    public func text(_ history: PairHistory, format: HistoryFormat) -> String {
        // Placeholder until the chart lands.
        history.points.map { "\($0.day) \(DecimalFormat.rate($0.rate))" }.joined(separator: "\n")
    }

    public static func json(_ history: PairHistory) -> JSONValue {
        .object([("base", .string(history.base.rawValue)), ("quote", .string(history.quote.rawValue))])
    }
}

/// Bare `history`: the conversion log.
public struct LogRenderer: Sendable {
    public let style: Style

    public init(style: Style) { self.style = style }

    public func text(_ entries: [ConversionLogEntry], format: HistoryFormat) -> String {
        entries.map(\.line).joined(separator: "\n")
    }

    public static func json(_ entries: [ConversionLogEntry]) -> JSONValue {
        .array(entries.map { .string($0.line) })
    }
}
