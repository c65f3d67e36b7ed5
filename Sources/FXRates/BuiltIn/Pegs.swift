/// One currency fixed by law to another: `rate` units of `code` per unit of `anchor`, set by `authority`.
public struct Peg: Sendable, Equatable {
    public let code: CurrencyCode
    public let anchor: CurrencyCode
    public let rate: Decimal
    public let since: Day
    public let authority: String

    /// "AED pegged to USD at 3.6725 by the Central Bank of the UAE".
    public var text: String { "\(code) pegged to \(anchor) at \(DecimalFormat.plain(rate)) by \(authority)" }
}

/// The pegs Frankfurter v2 applies to its blend (`db/seeds/pegs` of lineofflight/frankfurter at
/// 60541ad, 2026-08-21), and XCG, which replaced its ANG at par on 2025-03-31 under the same peg
/// (`Succession`): set by law, so they hold without a network and are said as pegs.
public enum Pegs {
    public static let all: [Peg] = [
        peg("AED", "USD", "3.6725", "1997-11-02", "the Central Bank of the UAE"),
        peg("ANG", "USD", "1.79", "1971-12-18", "the Centrale Bank van Curaçao en Sint Maarten"),
        peg("BAM", "EUR", "1.95583", "1997-08-11", "the Central Bank of Bosnia and Herzegovina"),
        peg("BHD", "USD", "0.376", "2001-01-01", "the Central Bank of Bahrain"),
        peg("BMD", "USD", "1", "1972-02-06", "the Bermuda Monetary Authority"),
        peg("BND", "SGD", "1", "1967-06-12", "the Brunei Darussalam Central Bank"),
        peg("BTN", "INR", "1", "1974-01-01", "the Royal Monetary Authority of Bhutan"),
        peg("CVE", "EUR", "110.265", "1999-01-01", "the Banco de Cabo Verde"),
        peg("FKP", "GBP", "1", "1966-02-14", "the Falkland Islands Government"),
        peg("GGP", "GBP", "1", "1921-01-01", "the States of Guernsey"),
        peg("IMP", "GBP", "1", "1840-01-01", "the Isle of Man Government"),
        peg("JEP", "GBP", "1", "1834-01-01", "the States of Jersey"),
        peg("JOD", "USD", "0.709", "1995-10-23", "the Central Bank of Jordan"),
        peg("MOP", "HKD", "1.03", "1983-01-01", "the Autoridade Monetária de Macau"),
        peg("OMR", "USD", "0.3845", "1986-01-01", "the Central Bank of Oman"),
        peg("QAR", "USD", "3.64", "2001-07-09", "the Qatar Central Bank"),
        peg("SAR", "USD", "3.75", "1986-06-01", "the Saudi Central Bank"),
        peg("SHP", "GBP", "1", "1976-02-02", "the Government of Saint Helena"),
        peg("TMT", "USD", "3.5", "2015-01-01", "the Central Bank of Turkmenistan"),
        peg("XCG", "USD", "1.79", "2025-03-31", "the Central Bank of Curaçao and Sint Maarten"),
        peg("XAF", "EUR", "655.957", "1999-01-01", "the Banque des États de l'Afrique Centrale"),
        peg("XOF", "EUR", "655.957", "1999-01-01", "the Banque Centrale des États de l'Afrique de l'Ouest"),
    ]

    public static func peg(of code: CurrencyCode) -> Peg? { all.first { $0.code == code } }

    private static func peg(_ code: String, _ anchor: String, _ rate: String, _ since: String, _ authority: String) -> Peg {
        // Literals above; a typo is a build defect, caught by the tests.
        Peg(
            code: CurrencyCode(code)!, anchor: CurrencyCode(anchor)!, rate: Decimal(exactly: rate)!, since: Day(iso: since)!,
            authority: authority)
    }
}
