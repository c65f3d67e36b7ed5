import FXCommands
import FXRates
import FXAnswers
import FXRender
import Testing

@Suite("Failure")
struct FailureTests {
    static let provenance = Provenance(
        source: .ecb, sourceName: "European Central Bank",
        date: Day(year: 2026, month: 10, day: 30)!, fetchedAt: nil, origin: .cache)

    static let table: [(Failure, Int32, String)] = [
        (.usage(UsageError(.unknownCurrency("eux", suggestion: nil), span: nil)), 2, "unknown_currency"),
        (.usage(UsageError(.unknownCommand("x", suggestion: nil), span: nil)), 2, "unknown_command"),
        (.usage(UsageError(.unknownSource("x", known: []), span: nil)), 2, "unknown_source"),
        (.usage(UsageError(.malformedAmount("1,5", hint: .decimalComma), span: nil)), 2, "malformed_amount"),
        (.usage(UsageError(.missingAmount(command: "convert"), span: nil)), 2, "missing_amount"),
        (.usage(UsageError(.missingCurrency(after: "100"), span: nil)), 2, "missing_currency"),
        (.usage(UsageError(.missingTarget(after: "usd"), span: nil)), 2, "missing_currency"),
        (.usage(UsageError(.unexpectedWord("now", command: "quit"), span: nil)), 2, "unexpected_word"),
        (.usage(UsageError(.unknownHelpTopic("x", suggestion: nil), span: nil)), 2, "unknown_help_topic"),
        (.rates(.notCovered(CurrencyCode("KWD")!, sourceNames: ["European Central Bank"])), 1, "no_rate"),
        (.rates(.unavailable(source: .ecb, sourceName: "ECB", failure: .emptyBody)), 1, "source_unavailable"),
        (.rates(.offlineWithoutData(.ecb)), 1, "offline_no_data"),
        (.rates(.unknownSource("boc")), 2, "unknown_source"),
        (.tooOld(provenance, staleness: 7200, maxAge: 3600), 3, "data_too_old"),
    ]

    @Test(arguments: table)
    func exitStatusAndJSONCode(failure: Failure, status: Int32, code: String) {
        #expect(failure.exitStatus == status)
        #expect(failure.code == code)
    }

    @Test(arguments: table.map(\.0))
    func codesAreSnakeCase(failure: Failure) {
        #expect(failure.code.allSatisfy { $0.isLowercase || $0 == "_" })
    }
}
