/// One institution whose own series Frankfurter v2 relays (`/v2/providers/{key}/rates`): an
/// official rate with its own base, schedule and meaning, such as HMRC's monthly customs rates.
public struct FrankfurterInstitution: Sendable, Equatable {
    public enum Cadence: String, Sendable, Equatable {
        case daily, monthly, quarterly
    }

    /// Which way the institution's own figures go, as Frankfurter stores its rows: units per pivot
    /// (HMRC's USD per GBP, `{base: "GBP", quote: "USD"}`) or pivot per unit (NBP's PLN per USD,
    /// `{base: "USD", quote: "PLN"}`). The server echoes a stored figure only to a request in the
    /// stored row's base; any other record is rebased by float division and rounded to a few places.
    public enum Quoting: Sendable, Equatable {
        case unitsPerPivot, pivotPerUnit
    }

    /// Frankfurter's key: `HMRC`.
    public let key: String
    public let id: SourceID
    /// "HM Revenue & Customs".
    public let name: String
    /// How provenance names it: "HMRC", "US Treasury".
    public let shortName: String
    /// The currency it publishes against, whose rates keep its own digits.
    public let pivot: CurrencyCode
    public let cadence: Cadence
    public let quoting: Quoting
    /// Its first row in Frankfurter.
    public let firstDay: Day
    /// Where it is documented, for `sources` and the manual page.
    public let about: String

    /// How a rate of the row dated `day` is said: "HMRC monthly rate for November 2026",
    /// "US Treasury quarterly rate of 2026-09-30", "NBP daily rate of 2026-11-24". Monthly rows are
    /// dated the 1st of the month they apply to; quarterly ones by the day they take effect.
    public func basis(on day: Day) -> String {
        switch cadence {
        case .monthly:
            let (year, month, _) = day.components
            return "\(shortName) monthly rate for \(Self.months[month - 1]) \(year)"
        case .quarterly, .daily:
            return "\(shortName) \(cadence.rawValue) rate of \(day)"
        }
    }

    /// When a row newer than one dated `day` can exist. HMRC publishes next month's rates about two
    /// weeks ahead; the Treasury at the quarter's end (amendments in between are not scheduled);
    /// a daily series the next day.
    public func nextPublication(after day: Day) -> Date {
        switch cadence {
        case .daily: return day.adding(days: 1).startUTC
        case .monthly: return day.addingMonths(1).adding(days: -14).startUTC
        case .quarterly:
            let (year, month, _) = day.components
            let quarterEnd = Day(year: year, month: (month - 1) / 3 * 3 + 1, day: 1)!.addingMonths(3).adding(days: -1)
            return (quarterEnd > day ? quarterEnd : quarterEnd.adding(days: 1).addingMonths(3).adding(days: -1)).startUTC
        }
    }

    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// HMRC's monthly customs and VAT rates, against the pound, from 2021.
    public static let hmrc = FrankfurterInstitution(
        key: "HMRC", id: SourceID("hmrc"), name: "HM Revenue & Customs", shortName: "HMRC", pivot: CurrencyCode("GBP")!,
        cadence: .monthly, quoting: .unitsPerPivot, firstDay: Day(year: 2021, month: 1, day: 1)!, about: "monthly customs and VAT rates")
    /// The US Treasury's quarterly reporting rates of exchange, foreign units per dollar, from 2001.
    public static let ust = FrankfurterInstitution(
        key: "UST", id: SourceID("ust"), name: "U.S. Department of the Treasury", shortName: "US Treasury", pivot: .usd,
        cadence: .quarterly, quoting: .unitsPerPivot, firstDay: Day(year: 2001, month: 3, day: 31)!,
        about: "quarterly reporting rates of exchange")
    /// Narodowy Bank Polski's daily table A, złoty per unit (per 100 yen as printed; per yen in its API).
    public static let nbp = FrankfurterInstitution(
        key: "NBP", id: SourceID("nbp"), name: "Narodowy Bank Polski", shortName: "NBP", pivot: CurrencyCode("PLN")!,
        cadence: .daily, quoting: .pivotPerUnit, firstDay: Day(year: 2002, month: 1, day: 2)!, about: "daily average rates (table A)")
}
