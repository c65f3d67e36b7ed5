import FXRates
import FXTestSupport
import Foundation
import Testing

/// ANG, the Netherlands Antillean guilder, was replaced at par by XCG, the Caribbean guilder, on
/// 2025-03-31 under the same peg (1.79 per USD): both are answered, offline too, and an answer in
/// ANG says what replaced it.
@Suite struct SuccessionTests {
    @Test func bothGuildersAnswerAndTheOldOneSaysWhatReplacedIt() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let ang = try fx.run(["--offline", "100", "usd", "ang"])
        #expect(ang.status == 0, "\(ang.stderr)")
        #expect(ang.stdout == "100.00 USD = 179.00 ANG\n", "\(ang.stdout)")
        #expect(
            ang.stderr.contains("note: ANG (Netherlands Antillean Guilder) was replaced at par by XCG (Caribbean Guilder) on 2025-03-31"),
            "\(ang.stderr)")
        let xcg = try fx.run(["--offline", "100", "usd", "xcg"])
        #expect(xcg.stdout == "100.00 USD = 179.00 XCG\n" && !xcg.stderr.contains("replaced"), "\(xcg.stdout)\(xcg.stderr)")
        // One to the other through their one anchor: the ratio of the pegs, exactly, and nothing about built-in rates.
        let par = try fx.run(["--offline", "--json", "1234.56", "xcg", "ang"])
        let json = try #require(jsonAnswer(par.stdout))
        #expect(json["result"] as? String == "1234.56" && json["rate"] as? String == "1", "\(par.stdout)")
        #expect(par.stderr.isEmpty, "\(par.stderr)")
        // Each line of a script that names ANG says so (the quick lane learns nothing from it).
        let script = try fx.run(["--offline"], stdin: "100 usd ang\n200 usd ang\n")
        #expect(script.stdout == "100.00 USD = 179.00 ANG\n200.00 USD = 358.00 ANG\n", "\(script.stdout)")
        #expect(script.stderr.components(separatedBy: "was replaced at par").count == 3, "\(script.stderr)")
    }
}
