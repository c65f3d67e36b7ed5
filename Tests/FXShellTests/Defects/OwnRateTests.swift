import FXAnswers
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Issue 24 §2.1 and §2.14: a rate of your own written as a pair means what the pair means
/// everywhere in fx (`usd/jpy`: 1 USD = … JPY), a far-off one is warned about, a bad one is named.
@Suite("Rates of your own")
struct OwnRateTests {
    typealias C = CalculatorSessionTests

    @Test func aPairMeansOneOfTheBaseInTheQuote() async throws {
        let fx = CalculatorHarness(json: true)
        // 1 USD = 150.5 JPY: 1,234.56 × 150.5 = 185,801.28 → 185,801 (main answered 8 JPY, then an overflow).
        #expect(try await fx.object("1234.56 usd in jpy at 150.5 usd/jpy")["result"] as? String == "185801")
        // The same rate without a pair, and the pair written the other way round in the line.
        #expect(try await fx.object("1234.56 usd in jpy at 150.5")["result"] as? String == "185801")
        #expect(try await fx.object("185801.28 jpy in usd at 150.5 usd/jpy")["result"] as? String == "1234.56")
        // 1 EUR = 0.9 USD in a USD → EUR line: 100 ÷ 0.9 = 111.11 (main: 90.00 from usd/eur read backwards).
        #expect(try await fx.object("100 usd in eur at 0.9 eur/usd")["result"] as? String == "111.11")
        #expect(try await fx.object("100 usd in eur at 0.9 usd/eur")["result"] as? String == "90.00")
        let given = try #require(try await fx.object("100 usd in eur at 0.9 eur/usd")["given_rate"] as? [String: Any])
        #expect(given["pair"] as? String == "EUR/USD")
        #expect(given["reference_rate"] as? String == "1.1172")
        #expect(given["far_from_reference"] as? Bool == false)
        #expect(fx.err.text == "")
    }

    @Test func theTextLineKeepsThePairAsWritten() async {
        let fx = CalculatorHarness()
        let printed = await fx.run("100 usd in eur at 0.9 eur/usd").printed
        let deviation = (C.d("0.9") - C.perEuro("USD")) / C.perEuro("USD") * 100
        #expect(
            printed == "100.00 USD = 111.11 EUR\nat 0.9 USD per EUR; reference 1.1172 (ECB 2026-10-30): \(C.money(-deviation))% below it\n")
    }

    @Test func aRateFarFromTheReferenceIsWarnedAbout() async throws {
        let fx = CalculatorHarness(json: true)
        // 1 USD = 0.0066 JPY is the pair written backwards: more than 50% below 157.25.
        let object = try await fx.object("1000 usd in jpy at 0.0066 usd/jpy")
        #expect(object["result"] as? String == "7")
        let given = try #require(object["given_rate"] as? [String: Any])
        #expect(given["far_from_reference"] as? Bool == true)
        #expect(
            fx.err.text.hasPrefix("warning: your rate 0.0066 USD/JPY is 100% from the reference 157.25 (ECB 2026-10-30)"), "\(fx.err.text)")
        // 49% off is not warned about.
        let near = CalculatorHarness()
        _ = await near.run("100 eur in usd at 0.57")
        #expect(near.err.text == "")
    }

    @Test func badRatesSayWhatIsWrongWithThem() async {
        let cases: [(String, String)] = [
            ("100 usd in eur at -1", "A rate must be above zero, not '-1'."),
            ("100 usd in eur at - 1", "A rate must be above zero, not '-1'."),
            ("100 usd in eur at 0", "A rate must be above zero, not '0'."),
            ("100 usd in eur at 1e2", "Malformed rate '1e2': write it out, exponents such as 1e2 are not read."),
            ("100 usd in eur at abc", "Expected a rate or a date after 'at', not 'abc'."),
            ("100 usd in eur at 5usd", "Malformed rate '5usd': a rate is a plain number"),
        ]
        for (line, message) in cases {
            let fx = CalculatorHarness()
            #expect(await fx.run(line).result == .failed(2), "\(line)")
            #expect(fx.err.text.hasPrefix("fx: " + message), "\(line): \(fx.err.text)")
        }
    }
}
