import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

/// Real ECB reference rates of Friday 2026-10-30 (EUR base), and answers built from them the
/// way the executor builds them.
enum RenderFixtures {
    static let day = Day(year: 2026, month: 10, day: 30)!
    static let now = ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!
    static let rates: [String: String] = ["USD": "1.1172", "JPY": "175.68", "GBP": "0.8338"]

    static func code(_ text: String) -> CurrencyCode { CurrencyCode(text)! }

    static func perEuro(_ currency: String) -> Decimal {
        currency == "EUR" ? 1 : Decimal(exactly: rates[currency]!)!
    }

    static func provenance(origin: Provenance.Origin = .network, fetchedSecondsAgo: TimeInterval? = 192) -> Provenance {
        Provenance(
            source: .ecb, sourceName: "European Central Bank", date: day,
            fetchedAt: fetchedSecondsAgo.map { now - $0 }, origin: origin)
    }

    static func quote(_ from: String, _ to: String, provenance: Provenance = provenance()) -> Quote {
        Quote(from: code(from), to: code(to), fromPerBase: perEuro(from), toPerBase: perEuro(to), provenance: provenance)
    }

    static func conversion(
        _ amount: Decimal, _ from: String, to targets: [String],
        provenance: Provenance = provenance()
    ) -> Conversion {
        let lines = targets.map { target in
            let quote = quote(from, target, provenance: provenance)
            let digits = CurrencyCatalog.standard.minorUnits(of: code(target))
            return Conversion.Line(quote: quote, result: quote.convert(amount, places: digits)!, fractionDigits: digits)
        }
        return Conversion(
            amount: amount, amountDigits: CurrencyCatalog.standard.minorUnits(of: code(from)),
            from: code(from), lines: lines)
    }

    /// The output parsed back as a JSON object.
    static func object(_ json: String?) throws -> [String: Any] {
        let data = try #require(json).data(using: .utf8)!
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
