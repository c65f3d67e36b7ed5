import Foundation
import FXTestSupport
import Testing
import FXRates

/// One dated conversion on the real ECB history, worked out by hand (Python `decimal`,
/// ROUND_HALF_UP, from Tests/FXTestSupport/Fixtures/eurofxref-hist.csv).
struct DatedCase: Sendable, CustomTestStringConvertible {
    let amount: String
    let from: String
    let to: String
    let asked: String
    /// The publication that must answer: `asked`, or the last working day before it.
    let used: String
    /// The ECB rates (units per euro) of `from` and `to` on `used`; "1" for the euro.
    let rates: (from: String, to: String)
    /// The amount in `to`, rounded to its minor unit.
    let expected: String

    init(
        _ amount: String, _ from: String, _ to: String, on asked: String, uses used: String, rates: (String, String),
        expect expected: String
    ) {
        self.amount = amount
        self.from = from
        self.to = to
        self.asked = asked
        self.used = used
        self.rates = (rates.0, rates.1)
        self.expected = expected
    }

    var testDescription: String { "\(amount) \(from) → \(to) on \(asked)" }
}

/// A service holding the complete real history, checked on Friday 2026-10-30 at 16:05 CET, asked
/// on Monday 2026-11-02 at 12:00 UTC (13:00 CET): before Monday's publication, so nothing is fetched.
private func realHistoryService() -> (HistoryService, ScriptedHistorySource) {
    let source = ScriptedHistorySource(.failure(.malformed("the source must not be asked")))
    let store = MemoryHistoryStore([RealECBHistory.entry(checkedAt: frankfurt("2026-10-30", 16, 5))])
    return (HistoryService(sources: [source], store: store, clock: FixedClock(utc("2026-11-02T12:00:00Z"))), source)
}

private let ecbName = "European Central Bank"

@Suite("Dated rates on the real ECB history")
struct DatedRateTests {
    static let cases: [DatedCase] = [
        // Ordinary Thursday: 2013-03-21: USD 1.291 → 100 USD = 100 / 1.291 = 77.459333… EUR
        DatedCase("100", "USD", "EUR", on: "2013-03-21", uses: "2013-03-21", rates: ("1.291", "1"), expect: "77.46"),
        // Ordinary Thursday, the other way: 2013-03-21: USD 1.291 → 250 EUR = 250 × 1.291 = 322.75 USD
        DatedCase("250", "EUR", "USD", on: "2013-03-21", uses: "2013-03-21", rates: ("1", "1.291"), expect: "322.75"),
        // Cross pair to a zero-decimal currency: 2019-07-10: USD 1.122, JPY 122.2 → 1000 USD = 1000 × 122.2 / 1.122 = 108912.6559… JPY
        DatedCase("1000", "USD", "JPY", on: "2019-07-10", uses: "2019-07-10", rates: ("1.122", "122.2"), expect: "108913"),
        // Cross pair, the day after the Brexit vote: 2016-06-24: GBP 0.8075, CHF 1.0808 → 500 GBP = 500 × 1.0808 / 0.8075 = 669.226006… CHF
        DatedCase("500", "GBP", "CHF", on: "2016-06-24", uses: "2016-06-24", rates: ("0.8075", "1.0808"), expect: "669.23"),
        // The very first publication: 1999-01-04: USD 1.1789 → 100 EUR = 100 × 1.1789 = 117.89 USD
        DatedCase("100", "EUR", "USD", on: "1999-01-04", uses: "1999-01-04", rates: ("1", "1.1789"), expect: "117.89"),
        // Saturday: Friday's rates: 2024-06-14: USD 1.0686 → 100 EUR = 100 × 1.0686 = 106.86 USD
        DatedCase("100", "EUR", "USD", on: "2024-06-15", uses: "2024-06-14", rates: ("1", "1.0686"), expect: "106.86"),
        // Sunday: Friday's rates: 2024-06-14: USD 1.0686, GBP 0.84205 → 100 USD = 100 × 0.84205 / 1.0686 = 78.799363… GBP
        DatedCase("100", "USD", "GBP", on: "2024-06-16", uses: "2024-06-14", rates: ("1.0686", "0.84205"), expect: "78.80"),
        // Good Friday: Maundy Thursday's rates: 2026-04-02: USD 1.1525 → 100 EUR = 100 × 1.1525 = 115.25 USD
        DatedCase("100", "EUR", "USD", on: "2026-04-03", uses: "2026-04-02", rates: ("1", "1.1525"), expect: "115.25"),
        // Easter Monday: still Maundy Thursday's rates: 2026-04-02: USD 1.1525, JPY 183.94 → 100 USD = 100 × 183.94 / 1.1525 = 15960.0867… JPY
        DatedCase("100", "USD", "JPY", on: "2026-04-06", uses: "2026-04-02", rates: ("1.1525", "183.94"), expect: "15960"),
        // New Year's Day: 31 December's rates: 2025-12-31: CHF 0.9314 → 100 EUR = 100 × 0.9314 = 93.14 CHF
        DatedCase("100", "EUR", "CHF", on: "2026-01-01", uses: "2025-12-31", rates: ("1", "0.9314"), expect: "93.14"),
        // Christmas Day: 24 December's rates: 2025-12-24: GBP 0.8729 → 100 EUR = 100 × 0.8729 = 87.29 GBP
        DatedCase("100", "EUR", "GBP", on: "2025-12-25", uses: "2025-12-24", rates: ("1", "0.8729"), expect: "87.29"),
        // Boxing Day: 24 December's rates: 2025-12-24: GBP 0.8729, USD 1.1787 → 100 GBP = 100 × 1.1787 / 0.8729 = 135.032649… USD
        DatedCase("100", "GBP", "USD", on: "2025-12-26", uses: "2025-12-24", rates: ("0.8729", "1.1787"), expect: "135.03"),
        // Sunday after the last publication held: 2026-10-30: USD 1.1172 → 100 USD = 100 / 1.1172 = 89.509488… EUR
        DatedCase("100", "USD", "EUR", on: "2026-11-01", uses: "2026-10-30", rates: ("1.1172", "1"), expect: "89.51"),
        // Cyprus pound, within its dates: 2007-06-15: CYP 0.5835 → 100 CYP = 100 / 0.5835 = 171.379605… EUR
        DatedCase("100", "CYP", "EUR", on: "2007-06-15", uses: "2007-06-15", rates: ("0.5835", "1"), expect: "171.38"),
        // Cyprus pound on New Year's Day 2008: its last publication, Monday 2007-12-31: 2007-12-31: CYP 0.585274 → 100 CYP = 100 / 0.585274 = 170.860144… EUR
        DatedCase("100", "CYP", "EUR", on: "2008-01-01", uses: "2007-12-31", rates: ("0.585274", "1"), expect: "170.86"),
        // Maltese lira: 2005-03-10: MTL 0.4327 → 100 EUR = 100 × 0.4327 = 43.27 MTL
        DatedCase("100", "EUR", "MTL", on: "2005-03-10", uses: "2005-03-10", rates: ("1", "0.4327"), expect: "43.27"),
        // Slovenian tolar: 2003-05-05: SIT 232.7516 → 10000 SIT = 10000 / 232.7516 = 42.964258… EUR
        DatedCase("10000", "SIT", "EUR", on: "2003-05-05", uses: "2003-05-05", rates: ("232.7516", "1"), expect: "42.96"),
        // Estonian kroon: 2009-09-09: EEK 15.6466 → 100 EUR = 100 × 15.6466 = 1564.66 EEK
        DatedCase("100", "EUR", "EEK", on: "2009-09-09", uses: "2009-09-09", rates: ("1", "15.6466"), expect: "1564.66"),
        // Lithuanian litas on a leap day, cross: 2012-02-29: LTL 3.4528, USD 1.3443 → 100 LTL = 100 × 1.3443 / 3.4528 = 38.933619… USD
        DatedCase("100", "LTL", "USD", on: "2012-02-29", uses: "2012-02-29", rates: ("3.4528", "1.3443"), expect: "38.93"),
        // Croatian kuna: 2020-08-03: HRK 7.4755 → 1000 HRK = 1000 / 7.4755 = 133.770316… EUR
        DatedCase("1000", "HRK", "EUR", on: "2020-08-03", uses: "2020-08-03", rates: ("7.4755", "1"), expect: "133.77"),
        // Bulgarian lev on its last day: 2025-12-31: BGN 1.9558 → 100 EUR = 100 × 1.9558 = 195.58 BGN
        DatedCase("100", "EUR", "BGN", on: "2025-12-31", uses: "2025-12-31", rates: ("1", "1.9558"), expect: "195.58"),
        // Icelandic krona after its gap: 2019-03-01: ISK 135.9 → 10000 ISK = 10000 / 135.9 = 73.583517… EUR
        DatedCase("10000", "ISK", "EUR", on: "2019-03-01", uses: "2019-03-01", rates: ("135.9", "1"), expect: "73.58"),
        // Zero-decimal target: 2026-10-30: USD 1.1172, KRW 1491.76 → 123.45 USD = 123.45 × 1491.76 / 1.1172 = 164838.6788… KRW
        DatedCase("123.45", "USD", "KRW", on: "2026-10-30", uses: "2026-10-30", rates: ("1.1172", "1491.76"), expect: "164839"),
        // Zero-decimal both sides: 2026-10-30: JPY 175.68, KRW 1491.76 → 1000 JPY = 1000 × 1491.76 / 175.68 = 8491.3479… KRW
        DatedCase("1000", "JPY", "KRW", on: "2026-10-30", uses: "2026-10-30", rates: ("175.68", "1491.76"), expect: "8491"),
        // Exactly half a cent: rounds away from zero: 2026-10-22: USD 1.1205 → 10 EUR = 10 × 1.1205 = 11.205 USD
        DatedCase("10", "EUR", "USD", on: "2026-10-22", uses: "2026-10-22", rates: ("1", "1.1205"), expect: "11.21"),
        // Exactly half a cent, negative: rounds away from zero: 2026-10-22: USD 1.1205 → -10 EUR = -10 × 1.1205 = -11.205 USD
        DatedCase("-10", "EUR", "USD", on: "2026-10-22", uses: "2026-10-22", rates: ("1", "1.1205"), expect: "-11.21"),
        // Cross rate exactly 1/2, so exactly half a penny: 2026-01-19: AUD 1.7342, GBP 0.8671 → 24.69 AUD = 24.69 × 0.8671 / 1.7342 = 12.345 GBP
        DatedCase("24.69", "AUD", "GBP", on: "2026-01-19", uses: "2026-01-19", rates: ("1.7342", "0.8671"), expect: "12.35"),
        // The same, negative: 2026-01-19: AUD 1.7342, GBP 0.8671 → -24.69 AUD = -24.69 × 0.8671 / 1.7342 = -12.345 GBP
        DatedCase("-24.69", "AUD", "GBP", on: "2026-01-19", uses: "2026-01-19", rates: ("1.7342", "0.8671"), expect: "-12.35"),
        // AUD 1.6: 1/1.6 = 0.625 exactly, so exactly half a cent: 2019-03-01: AUD 1.6 → 19.96 AUD = 19.96 / 1.6 = 12.475 EUR
        DatedCase("19.96", "AUD", "EUR", on: "2019-03-01", uses: "2019-03-01", rates: ("1.6", "1"), expect: "12.48"),
        // Exactly half a krona: 2019-03-01: ISK 135.9 → 5 EUR = 5 × 135.9 = 679.5 ISK
        DatedCase("5", "EUR", "ISK", on: "2019-03-01", uses: "2019-03-01", rates: ("1", "135.9"), expect: "680"),
        // Exactly half a yen: 2026-09-28: JPY 178.5 → 3 EUR = 3 × 178.5 = 535.5 JPY
        DatedCase("3", "EUR", "JPY", on: "2026-09-28", uses: "2026-09-28", rates: ("1", "178.5"), expect: "536"),
    ]

    @Test(arguments: cases)
    func convertsWithThePublicationOfTheDay(_ c: DatedCase) async throws {
        let (service, source) = realHistoryService()
        let from = code(c.from), to = code(c.to)
        let quote = try await service.quote(from: from, to: to, on: day(c.asked))
        #expect(quote.fromPerBase == dec(c.rates.from))
        #expect(quote.toPerBase == dec(c.rates.to))
        let converted = quote.convert(dec(c.amount), places: CurrencyCatalog.standard.minorUnits(of: to))!
        #expect(converted == dec(c.expected))
        #expect(quote.provenance.date == day(c.used))
        #expect(quote.provenance.requested == (c.used == c.asked ? nil : day(c.asked)))
        #expect(quote.provenance.origin == .cache)
        #expect(quote.provenance.source == .ecb)
        #expect(quote.provenance.fetchedAt == frankfurt("2026-10-30", 16, 5))
        #expect(source.calls.isEmpty)
        #expect(await service.takeDiagnostics().isEmpty)
    }

    @Test func zeroDecimalTargetsRoundToWholeUnits() {
        #expect(CurrencyCatalog.standard.minorUnits(of: code("JPY")) == 0)
        #expect(CurrencyCatalog.standard.minorUnits(of: code("KRW")) == 0)
        #expect(CurrencyCatalog.standard.minorUnits(of: code("ISK")) == 0)
        #expect(CurrencyCatalog.standard.minorUnits(of: code("CYP")) == 2)
    }

    @Test func retiredCurrencyAfterItsLastDayNamesItsSpan() async throws {
        let (service, source) = realHistoryService()
        // CYP: 1999-01-04 to 2007-12-31 in the CSV (the euro replaced it on 2008-01-01).
        await #expect(
            throws: RateError.history(
                .outsideCurrencyRange(
                    code("CYP"), asked: day("2008-01-02"),
                    span: day("1999-01-04")...day("2007-12-31"), sourceName: ecbName))
        ) {
            try await service.quote(from: .eur, to: code("CYP"), on: day("2008-01-02"))
        }
        // MTL: the same span; asked from the other side of the pair.
        await #expect(
            throws: RateError.history(
                .outsideCurrencyRange(
                    code("MTL"), asked: day("2015-06-01"),
                    span: day("1999-01-04")...day("2007-12-31"), sourceName: ecbName))
        ) {
            try await service.quote(from: code("MTL"), to: .usd, on: day("2015-06-01"))
        }
        // HRK: 2005-04-01 to 2022-12-30; Croatia joined the euro on 2023-01-01.
        await #expect(
            throws: RateError.history(
                .outsideCurrencyRange(
                    code("HRK"), asked: day("2023-01-02"),
                    span: day("2005-04-01")...day("2022-12-30"), sourceName: ecbName))
        ) {
            try await service.quote(from: code("HRK"), to: .eur, on: day("2023-01-02"))
        }
        // BGN: first published on 2000-07-19, last on 2025-12-31; before its first day too.
        await #expect(
            throws: RateError.history(
                .outsideCurrencyRange(
                    code("BGN"), asked: day("2000-07-18"),
                    span: day("2000-07-19")...day("2025-12-31"), sourceName: ecbName))
        ) {
            try await service.quote(from: code("BGN"), to: .eur, on: day("2000-07-18"))
        }
        await #expect(
            throws: RateError.history(
                .outsideCurrencyRange(
                    code("BGN"), asked: day("2026-01-02"),
                    span: day("2000-07-19")...day("2025-12-31"), sourceName: ecbName))
        ) {
            try await service.quote(from: .eur, to: code("BGN"), on: day("2026-01-02"))
        }
        #expect(source.calls.isEmpty)
    }

    @Test func icelandicKronaInItsGap() async throws {
        let (service, source) = realHistoryService()
        // ISK: last published 2008-12-09 (290), then again from 2018-02-01 (125.01).
        let gap = RateError.history(
            .currencyGap(
                code("ISK"), asked: day("2010-05-05"), lastBefore: day("2008-12-09"),
                nextAfter: day("2018-02-01"), sourceName: ecbName))
        await #expect(throws: gap) { try await service.quote(from: code("ISK"), to: .eur, on: day("2010-05-05")) }
        await #expect(throws: gap) { try await service.quote(from: .usd, to: code("ISK"), on: day("2010-05-05")) }
        // The first working day of the gap, and the last one.
        await #expect(
            throws: RateError.history(
                .currencyGap(
                    code("ISK"), asked: day("2008-12-10"), lastBefore: day("2008-12-09"),
                    nextAfter: day("2018-02-01"), sourceName: ecbName))
        ) {
            try await service.quote(from: code("ISK"), to: .eur, on: day("2008-12-10"))
        }
        await #expect(
            throws: RateError.history(
                .currencyGap(
                    code("ISK"), asked: day("2018-01-31"), lastBefore: day("2008-12-09"),
                    nextAfter: day("2018-02-01"), sourceName: ecbName))
        ) {
            try await service.quote(from: code("ISK"), to: .eur, on: day("2018-01-31"))
        }
        // Either side of it.
        // 2008-12-09: ISK 290 → 1000 ISK = 1000 / 290 = 3.448275… EUR
        let before = try await service.quote(from: code("ISK"), to: .eur, on: day("2008-12-09"))
        #expect(before.convert(1000, places: 2)! == dec("3.45"))
        // 2018-02-01: ISK 125.01 → 1000 ISK = 1000 / 125.01 = 7.999360… EUR
        let after = try await service.quote(from: code("ISK"), to: .eur, on: day("2018-02-01"))
        #expect(after.convert(1000, places: 2)! == dec("8.00"))
        #expect(after.provenance.date == day("2018-02-01"))
        #expect(source.calls.isEmpty)
    }

    @Test func beforeTheFirstPublication() async throws {
        let (service, source) = realHistoryService()
        for asked in ["1998-12-31", "1999-01-01", "1999-01-03", "1970-01-01"] {
            await #expect(throws: RateError.history(.beforeFirstPublication(day(asked), first: day("1999-01-04"), sourceName: ecbName))) {
                try await service.quote(from: .eur, to: .usd, on: day(asked))
            }
        }
        #expect(source.calls.isEmpty)
    }
}

@Suite("Pair histories on the real ECB history")
struct RealPairHistoryTests {
    @Test func usdJpyOverMarch2020() async throws {
        let (service, source) = realHistoryService()
        let march = day("2020-03-01")...day("2020-03-31")
        let pair = try await service.pair(base: .usd, quote: code("JPY"), range: march)
        // 22 publications: every weekday of March 2020 (no TARGET holiday fell in it).
        #expect(pair.points.count == 22)
        #expect(pair.requested == march)
        #expect(pair.base == .usd)
        #expect(pair.quote == code("JPY"))
        // 2020-03-02: USD 1.1122, JPY 119.82 → 119.82 / 1.1122 = 107.7324222262…
        #expect(pair.points.first?.day == day("2020-03-02"))
        #expect(pair.points.first?.rate == dec("119.82") / dec("1.1122"))
        #expect(pair.points.first?.rate.rounded(scale: 10) == dec("107.7324222262"))
        // 2020-03-31: USD 1.0956, JPY 118.9 → 118.9 / 1.0956 = 108.5250091274…
        #expect(pair.points.last?.day == day("2020-03-31"))
        #expect(pair.points.last?.rate == dec("118.9") / dec("1.0956"))
        #expect(pair.points.last?.rate.rounded(scale: 10) == dec("108.5250091274"))
        #expect(pair.points.map(\.day).allSatisfy { TargetCalendar.isWorkingDay($0) && march.contains($0) })
        #expect(zip(pair.points, pair.points.dropFirst()).allSatisfy { $0.day < $1.day })
        #expect(pair.provenance.date == day("2020-03-31"))
        #expect(pair.provenance.origin == .cache)
        #expect(source.calls.isEmpty)
    }

    @Test func euroLegsAreTheRatesThemselvesOrTheirInverse() async throws {
        let (service, _) = realHistoryService()
        let march = day("2020-03-01")...day("2020-03-31")
        let eurUsd = try await service.pair(base: .eur, quote: .usd, range: march)
        #expect(eurUsd.points.first?.rate == dec("1.1122"))
        #expect(eurUsd.points.last?.rate == dec("1.0956"))
        let usdEur = try await service.pair(base: .usd, quote: .eur, range: march)
        #expect(usdEur.points.count == 22)
        // 1 / 1.1122 = 0.8991188635…, 1 / 1.0956 = 0.9127418766…
        #expect(usdEur.points.first?.rate.rounded(scale: 10) == dec("0.8991188635"))
        #expect(usdEur.points.last?.rate.rounded(scale: 10) == dec("0.9127418766"))
    }

    @Test func theWholeHistoryWhenNoRangeIsGiven() async throws {
        let (service, _) = realHistoryService()
        let all = try await service.pair(base: .usd, quote: code("JPY"), range: nil)
        #expect(all.points.count == 7126)
        #expect(all.requested == day("1999-01-04")...day("2026-10-30"))
        // 1999-01-04: USD 1.1789, JPY 133.73; 2026-10-30: USD 1.1172, JPY 175.68.
        #expect(all.points.first == RatePoint(day: day("1999-01-04"), rate: dec("133.73") / dec("1.1789")))
        #expect(all.points.last == RatePoint(day: day("2026-10-30"), rate: dec("175.68") / dec("1.1172")))
    }

    @Test func daysWithoutBothCurrenciesAreLeftOut() async throws {
        let (service, _) = realHistoryService()
        // ISK across its gap: 2008-12-01 to 12-09 (7 days), then 2018-02-01 to 02-28 (20 days).
        let pair = try await service.pair(base: .eur, quote: code("ISK"), range: day("2008-12-01")...day("2018-02-28"))
        #expect(pair.points.count == 27)
        #expect(pair.points[6] == RatePoint(day: day("2008-12-09"), rate: dec("290")))
        #expect(pair.points[7] == RatePoint(day: day("2018-02-01"), rate: dec("125.01")))
    }

    @Test func noCommonDays() async throws {
        let (service, _) = realHistoryService()
        let weekend = day("2020-03-07")...day("2020-03-08")
        await #expect(throws: RateError.history(.noCommonDays(.usd, code("JPY"), weekend))) {
            try await service.pair(base: .usd, quote: code("JPY"), range: weekend)
        }
        let year2010 = day("2010-01-01")...day("2010-12-31")
        await #expect(throws: RateError.history(.noCommonDays(code("CYP"), .usd, year2010))) {
            try await service.pair(base: code("CYP"), quote: .usd, range: year2010)
        }
    }
}
