import FXCommands
import FXRates

/// Every way a line can fail, as one value: its message, its code for JSON and its exit status.
public enum Failure: Error, Sendable, Equatable {
    case usage(UsageError)
    case rates(RateError)
    /// The answer was given, but from rates superseded longer ago than `--max-age` allows.
    case tooOld(Provenance, staleness: TimeInterval, maxAge: TimeInterval)
    /// `refresh` reached none of the sources it asked (these); each one's reason was already printed.
    case refreshFailed([SourceID])
    /// A snapshot that cannot be named, found, read or written.
    case snapshot(SnapshotError)
    /// A several-pair history or price file was written without these pairs, which had no rates.
    case partialSeries([MissingPair])

    /// 1 runtime failure · 2 usage error · 3 data older than `--max-age`.
    public var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .rates(.unknownSource), .rates(.offlineRefresh), .rates(.noHistory), .rates(.sourceDisabled), .rates(.noEnabledSource): 2
        case .rates: 1
        case .tooOld: 3
        case .refreshFailed: 1
        // Partial output, as a CSV with bad rows: what exists was written.
        case .partialSeries: 1
        case .snapshot(.badName), .snapshot(.unknown), .snapshot(.unavailable): 2
        case .snapshot: 1
        }
    }

    /// A stable snake_case code for `--json` error objects.
    public var code: String {
        switch self {
        case .usage(let error):
            switch error.kind {
            case .unknownCommand: "unknown_command"
            case .unknownCurrency: "unknown_currency"
            case .eitherCurrency: "ambiguous_currency"
            case .unknownSource: "unknown_source"
            case .missingSource: "missing_source"
            case .malformedAmount: "malformed_amount"
            case .missingAmount: "missing_amount"
            case .missingCurrency, .missingTarget: "missing_currency"
            case .unexpectedWord, .unexpectedInCalculation: "unexpected_word"
            case .books(.period), .books(.missingPeriod): "malformed_period"
            case .books: "malformed_option"
            case .unknownHelpTopic: "unknown_help_topic"
            case .malformedDate, .missingDate, .dates(.noSuchDay): "malformed_date"
            case .dates(.ambiguous): "ambiguous_date"
            case .malformedRange: "malformed_range"
            case .samePair: "same_currency"
            case .futureDate: "future_date"
            case .lineTooLong: "line_too_long"
            case .noTarget: "missing_currency"
            case .missingSetting, .unknownSetting: "unknown_setting"
            case .expected, .expectedAmount, .unbalanced, .nestedTooDeep, .misplacedOption: "malformed_expression"
            case .percentOfMoney, .mismatch: "mismatched_terms"
            case .nonPositiveRate, .malformedRate: "malformed_amount"
            case .badName: "bad_name"
            case .badAlias: "bad_alias"
            case .unknownName: "unknown_name"
            case .divisionByZero: "division_by_zero"
            case .overflow: "overflow"
            case .csv(.jsonOutput): "json_not_supported"
            case .csv: "malformed_csv_command"
            case .watch(.notACondition): "malformed_condition"
            case .watch: "malformed_watch_command"
            case .unknownOption, .runOption: "unknown_option"
            case .missingOptionValue, .malformedOptionValue: "malformed_option"
            }
        case .rates(let error):
            switch error {
            case .notCovered: "no_rate"
            case .unavailable: "source_unavailable"
            case .offlineWithoutData: "offline_no_data"
            case .notInSnapshot: "not_in_snapshot"
            case .retired: "no_rate"
            case .neverFetched: "never_fetched"
            case .notPriced: "not_priced"
            case .offlineRefresh: "offline_refresh"
            case .unknownSource: "unknown_source"
            case .configUnwritable: "config_unwritable"
            case .noHistory: "no_history"
            case .sourceDisabled: "source_disabled"
            case .noEnabledSource: "no_enabled_source"
            case .history(.beforeFirstPublication), .history(.outsideCurrencyRange), .history(.currencyGap): "no_rate_on_date"
            case .history(.notFetched), .history(.periodNotHeld), .history(.currencyNotFetched): "history_not_fetched"
            case .history(.noCommonDays): "no_rate_in_range"
            case .history(.rule): "rule_unanswered"
            }
        case .tooOld: "data_too_old"
        case .refreshFailed: "refresh_failed"
        case .partialSeries: "partial_output"
        case .snapshot(.badName): "bad_snapshot_name"
        case .snapshot(.unknown): "unknown_snapshot"
        case .snapshot(.unreadable): "snapshot_unreadable"
        case .snapshot(.nothingCached): "nothing_cached"
        case .snapshot(.store): "snapshot_unwritable"
        case .snapshot(.unavailable): "snapshots_unavailable"
        }
    }

}
