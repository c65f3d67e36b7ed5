@testable import FXRates
import Foundation
import Testing

/// The pure quoting layer (`FXRates/Quoting`) on histories and tables alone: no service, no I/O.
@Suite struct QuotingTests {
    let xof = CurrencyCode("XOF")!, aed = CurrencyCode("AED")!, isk = CurrencyCode("ISK")!, try_ = CurrencyCode("TRY")!
    static func day(_ text: String) -> Day { Day(iso: text)! }
    static func rate(_ text: String) -> Decimal { Decimal(string: text)! }

    /// Thursday to Saturday: TRY publishes on Saturday, XOF (set by its peg) and ISK do not.
    var history: RateHistory {
        RateHistory(
            base: .eur, days: ["2026-10-08", "2026-10-09", "2026-10-10"].map(Self.day),
            columns: [
                try_: ["40.1", "40.2", "40.3"].map(Self.rate),
                xof: ["655.96", "655.96", nil].map { $0.map(Self.rate) },
                isk: ["140.5", nil, nil].map { $0.map(Self.rate) },
            ])
    }

    @Test func aDaysOwnRowStands() throws {
        let row = try CarriedRow.find(try_, in: history, at: 2, window: 14).get()
        #expect(row == CarriedRow(rate: Self.rate("40.3"), day: Self.day("2026-10-10")))
    }

    @Test func aSilentCurrencyCarriesItsLastRowWithinTheWindow() throws {
        let row = try CarriedRow.find(isk, in: history, at: 2, window: 14).get()
        #expect(row == CarriedRow(rate: Self.rate("140.5"), day: Self.day("2026-10-08")))
        // Past the window (or with none), the silence is a gap, never an older rate.
        #expect(throws: CarriedRow.Miss.self) { try CarriedRow.find(isk, in: history, at: 2, window: 1).get() }
        #expect(throws: CarriedRow.Miss.self) { try CarriedRow.find(isk, in: history, at: 2, window: 0).get() }
    }

    /// A pegged row is the peg times its anchor (655.957, not the blend's rounded 655.96), dated by
    /// the older of the anchor's row and its own: the Friday, however many Saturday publishers
    /// the history holds beside it.
    @Test func aPeggedRowIsThePegDatedByItsOwnRow() throws {
        let row = try CarriedRow.find(xof, in: history, at: 2, window: 14, pegs: true).get()
        #expect(row.rate == Self.rate("655.957"))
        #expect(row.day == Self.day("2026-10-09"))
        let plain = try CarriedRow.find(xof, in: history, at: 1, window: 14).get()
        #expect(plain.rate == Self.rate("655.96"))
    }

    @Test func aWholeTableCarriesEachRowAndDatesIt() {
        let table = CarriedRow.table(of: history, at: 2, window: 14)
        #expect(table.rates[isk] == Self.rate("140.5"))
        #expect(table.rowDates[isk] == Self.day("2026-10-08"))
        #expect(table.rowDates[try_] == nil)
    }

    @Test func aStatementPairIsDatedByItsOlderRow() {
        let (pair, rowDays) = CarriedRow.pair(try_, isk, in: history, window: 14)
        #expect(pair.rate(isk, at: 2) == Self.rate("140.5"))
        #expect(rowDays == ["2026-10-08", "2026-10-08", "2026-10-08"].map(Self.day))
    }

    /// In a latest table a row no institution published (an empty contributor list) is its peg
    /// times its anchor; without the anchor in the table, no rate (the whole table is asked).
    @Test func aLatestPeggedRowIsThePeg() {
        let usd = CurrencyCode.usd
        let table = RateTable(
            base: .eur, date: Self.day("2026-10-09"), rates: [usd: Self.rate("1.1"), aed: Self.rate("4.04"), xof: Self.rate("655.96")],
            contributors: [usd: ["ECB"], aed: [], xof: []])
        #expect(PeggedRow.unitsPerBase(aed, in: table) == Self.rate("1.1") * Self.rate("3.6725"))
        #expect(PeggedRow.unitsPerBase(xof, in: table) == Self.rate("655.957"))
        let narrowed = RateTable(base: .eur, date: Self.day("2026-10-09"), rates: [aed: Self.rate("4.04")], contributors: [aed: []])
        #expect(PeggedRow.unitsPerBase(aed, in: narrowed) == nil)
    }
}
