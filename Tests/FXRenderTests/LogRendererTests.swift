import FXCommands
import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

/// Bare `history`: the conversion log as rows, CSV and JSON.
@Suite("LogRenderer")
struct LogRendererTests {
    typealias F = RenderFixtures
    let utc: @Sendable (Date) -> Int = { _ in 0 }

    static let entries = [
        ConversionLogEntry(
            time: F.now, line: "100 usd eur", result: "89.51 EUR", rate: "0.895094880057",
            source: .ecb, asOf: F.day),
        ConversionLogEntry(
            time: F.now + 90, line: "rate usd jpy", result: "1 USD = 157.25 JPY", rate: "157.250268528",
            source: .ecb, asOf: F.day),
        ConversionLogEntry(
            time: F.now + 3600, line: "rate eur", result: "1 EUR = 30 rates", rate: nil,
            source: .ecb, asOf: F.day),
    ]

    @Test
    func rowsLocalTimeTheLineTheAnswerAndWhereItCameFromOldestFirst() {
        let text = LogRenderer(style: Style(color: false), utcOffset: utc).text(Self.entries, format: .chart)
        #expect(
            text == """
                2026-10-30 17:00  100 usd eur   →  89.51 EUR           ECB 2026-10-30
                2026-10-30 17:01  rate usd jpy  →  1 USD = 157.25 JPY  ECB 2026-10-30
                2026-10-30 18:00  rate eur      →  1 EUR = 30 rates    ECB 2026-10-30
                """)
        #expect(LogRenderer(style: Style(color: false), utcOffset: utc).text(Self.entries, format: .table) == text)
    }

    @Test
    func timesAreShownInTheGivenZone() {
        let tokyo = LogRenderer(style: Style(color: false), utcOffset: { TimeZone(identifier: "Asia/Tokyo")!.secondsFromGMT(for: $0) })
        #expect(tokyo.text([Self.entries[0]], format: .chart).hasPrefix("2026-10-31 02:00  100 usd eur  →  89.51 EUR"))
    }

    @Test
    func provenanceIsDimInColourAnEntryWithoutItHasNoTrailingBlanks() {
        let entries = [
            Self.entries[0],
            ConversionLogEntry(time: F.now, line: "x", result: "y", rate: nil, source: nil, asOf: nil),
        ]
        let text = LogRenderer(style: Style(color: true), utcOffset: utc).text(entries, format: .chart)
        #expect(
            text == "2026-10-30 17:00  100 usd eur  →  89.51 EUR  \u{1B}[2mECB 2026-10-30\u{1B}[0m\n"
                + "2026-10-30 17:00  x            →  y")
    }

    @Test
    func anEmptyLogSaysHowItFills() {
        let renderer = LogRenderer(style: Style(color: false))
        #expect(renderer.text([], format: .chart) == "No conversions yet. Conversions and rate lookups you make appear here.")
        #expect(renderer.text([], format: .csv) == "time,line,result,rate,source,as_of")
        #expect(renderer.text([], format: .json) == #"{"schema_version":1,"log":[]}"#)
    }

    @Test
    func controlCharactersFromTheFileCannotReachTheTerminal() {
        let entry = ConversionLogEntry(
            time: F.now, line: "100 usd\u{1B}[2J eur", result: "89.51 EUR\u{7}",
            rate: nil, source: SourceID("e\u{1B}cb"), asOf: nil)
        let text = LogRenderer(style: Style(color: false), utcOffset: utc).text([entry], format: .chart)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(text == #"2026-10-30 17:00  100 usd\x1B[2J eur  →  89.51 EUR\x07  E\x1BCB"#)
        let csv = LogRenderer(style: Style(color: false)).text([entry], format: .csv)
        #expect(!csv.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test
    func csvUTCTimesRFC4180QuotingEmptyFieldsForWhatIsUnknown() {
        let entries =
            Self.entries + [
                ConversionLogEntry(
                    time: F.now, line: #"convert 1,000 "usd" eur"#, result: "895.09 EUR", rate: nil,
                    source: nil, asOf: nil)
            ]
        #expect(
            LogRenderer(style: Style(color: true)).text(entries, format: .csv) == """
                time,line,result,rate,source,as_of
                2026-10-30T17:00:00Z,100 usd eur,89.51 EUR,0.895094880057,ecb,2026-10-30
                2026-10-30T17:01:30Z,rate usd jpy,1 USD = 157.25 JPY,157.250268528,ecb,2026-10-30
                2026-10-30T18:00:00Z,rate eur,1 EUR = 30 rates,,ecb,2026-10-30
                2026-10-30T17:00:00Z,"convert 1,000 ""usd"" eur",895.09 EUR,,,
                """)
    }

    /// The number without grouping and the currency apart, from every kind of entry.
    @Test(
        arguments: [
            ("9,524 JPY", "9524", "JPY"), ("1 USD = 157.25 JPY", "157.25", "JPY"), ("-1,234.50 EUR", "-1234.50", "EUR"),
            ("52.5", "52.5", nil), ("103.46%", "103.46", nil), ("1 EUR = 30 rates", nil, nil), ("r", nil, nil),
        ] as [(String, String?, String?)])
    func jsonResultIsAnAmountAndACurrency(text: String, number: String?, currency: String?) {
        let entry = ConversionLogEntry(time: F.now, line: "x", result: text, rate: nil, source: nil, asOf: nil)
        #expect(entry.resultAmount?.number == number)
        #expect(entry.resultAmount?.currency?.rawValue == currency)
    }

    @Test
    func jsonOneObjectUnderLogNullForWhatIsUnknownTextKeptExact() {
        let entries = [
            Self.entries[0],
            ConversionLogEntry(time: F.now, line: "a\"b\u{1B}", result: "r", rate: nil, source: nil, asOf: nil),
        ]
        #expect(
            LogRenderer.json(entries).serialized == #"{"log":[{"time":"2026-10-30T17:00:00Z","line":"100 usd eur","#
                + #""result":"89.51","currency":"EUR","text":"89.51 EUR","rate":"0.895094880057","source":"ecb","as_of":"2026-10-30"},"#
                + #"{"time":"2026-10-30T17:00:00Z","line":"a\"b\u001b","result":null,"currency":null,"text":"r","rate":null,"source":null,"as_of":null}]}"#
        )
        #expect(JSONRenderer.render(.log(entries, .chart)) == JSONDocument.text(LogRenderer.json(entries)))
    }
}
