import FXModel
import FXRates
import Foundation

/// The institutions' series in the shapes they are relayed in (HMRC: monthly, dated the 1st,
/// units per GBP; Treasury: quarter ends and a mid-quarter amendment, units per USD; NBP and the
/// Bank of Canada: their business days, relayed against the home currency as the inverse of the
/// mid rate they publish; ECB: TARGET days, units per EUR). Figures vary day by day from a seed,
/// so that a rule picking the wrong publication gives another rate.
enum InstitutionSeries {
    static let usd = CurrencyCode("USD")!, eur = CurrencyCode("EUR")!, gbp = CurrencyCode("GBP")!
    static let pln = CurrencyCode("PLN")!, cad = CurrencyCode("CAD")!

    static let start = Day(year: 2023, month: 1, day: 1)!
    static let end = Day(year: 2026, month: 2, day: 13)!

    /// A figure with `places` decimals around `around`, different for each day.
    static func figure(_ day: Day, around: String, salt: Int, places: Int = 4) -> Decimal {
        let wiggle = ((day.ordinal &* 7919 &+ salt &* 104_729) % 2001 + 2001) % 2001 - 1000
        return (Decimal(string: around)! + Decimal(wiggle) / 10_000).rounded(scale: places)
    }

    /// Every day from `start` through `end` that `keep` keeps.
    static func days(_ keep: (Day) -> Bool) -> [Day] {
        (start.ordinal...end.ordinal).map(Day.init(ordinal:)).filter(keep)
    }

    /// NBP table A: the mid rate of USD and EUR in PLN, as published (4 places).
    static let nbpDays = days { PolishCalendar.closure(on: $0) == nil }
    static func nbpMid(_ code: CurrencyCode, _ day: Day) -> Decimal {
        figure(day, around: code == usd ? "4.0" : "4.3", salt: code == usd ? 1 : 2)
    }

    static let bocDays = days { CanadianCalendar.closure(on: $0) == nil }
    static func bocMid(_ day: Day) -> Decimal { figure(day, around: "1.35", salt: 3) }

    static let ecbDays = days { TargetCalendar.closure(on: $0) == nil }
    static func ecbUSD(_ day: Day) -> Decimal { figure(day, around: "1.08", salt: 4) }

    static let hmrcDays = days { $0.components.day == 1 }
    static func hmrcUSD(_ day: Day) -> Decimal { figure(day, around: "1.27", salt: 5) }

    /// Quarter ends, and an amendment on 2024-05-15.
    static let ustDays = days { day in
        let month = day.components.month
        return [3, 6, 9, 12].contains(month) && day.adding(days: 1).components.month != month || day == Day(year: 2024, month: 5, day: 15)!
    }
    static func ustEUR(_ day: Day) -> Decimal { figure(day, around: "0.92", salt: 6, places: 3) }

    static func inverse(_ value: Decimal) -> Decimal { 1 / value }

    static func history(_ id: String) -> RateHistory {
        switch id {
        case "nbp":
            return RateHistory(
                base: pln, days: nbpDays,
                columns: [usd: nbpDays.map { inverse(nbpMid(usd, $0)) }, eur: nbpDays.map { inverse(nbpMid(eur, $0)) }])
        case "boc": return RateHistory(base: cad, days: bocDays, columns: [usd: bocDays.map { inverse(bocMid($0)) }])
        case "ecb": return RateHistory(base: eur, days: ecbDays, columns: [usd: ecbDays.map(ecbUSD)])
        case "hmrc": return RateHistory(base: gbp, days: hmrcDays, columns: [usd: hmrcDays.map(hmrcUSD)])
        default: return RateHistory(base: usd, days: ustDays, columns: [eur: ustDays.map(ustEUR)])
        }
    }
}

/// A source answering with one institution's series under its id.
struct InstitutionSource: HistorySource {
    let id: SourceID
    var name: String { "\(id.rawValue.uppercased()) fixture" }

    func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        InstitutionSeries.history(id.rawValue)
    }

    func nextPublication(after day: Day) -> Date { Date.distantFuture }

    // Earlier than the series held: a period before the series starts is not held whole.
    var firstPublication: Day { Day(year: 2000, month: 1, day: 3)! }
}
