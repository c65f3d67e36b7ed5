@testable import FXEngine
import FXShell
import FXTestSupport
import Testing

/// The quick lane's sums print exactly what the general path prints, line for line, and leave
/// every other spelling, a half, and what does not fit to it.
@Suite struct QuickLaneSumTests {
    static func lines(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(seed)
        let codes = ["usd", "eur", "jpy", "gbp", "chf", "krw", "idr", "USD", "Gbp"]
        let amounts = [
            "12.50", "7", "1,000", "1,234,567.891", "0.005", "99,999.99", "12,5", "1,2345", "1,23", "007", "0.5",
            "123456789012345678", "1234567890123456789", ",5", "1.", "5,000.5",
        ]
        return (0..<count).map { index in
            let terms = 2 + random.next(3)
            var words: [String] = []
            for term in 0..<terms {
                if term > 0 { words.append(["+", "-", "+", "-", "*"][random.next(5)]) }
                let amount = random.next(3) == 0 ? amounts[random.next(amounts.count)] : "\(random.next(100_000)).\(random.next(100))"
                words += [amount, codes[random.next(codes.count)]]
            }
            let target = codes[random.next(codes.count)]
            switch random.next(12) {
            case 0: return words.joined(separator: " ") + " to \(target)"
            case 1: return words.joined(separator: "  ") + " in \(target)"  // two spaces: the general path's
            case 2: return words.joined(separator: " ") + " in \(target) + 2.5% fee"
            case 3: return words.joined(separator: " ") + " - 2.5% in \(target)"
            case 4: return words.joined(separator: " ")  // no target
            case 5: return index % 50 == 0 ? "refresh" : "12.5 usd + 0 eur in usd"  // half a cent
            case 6: return "10.05 eur - 0.025 eur in eur"  // exactly a half, in the target itself
            default: return words.joined(separator: " ") + " in \(target)"
            }
        }
    }

    @Test func printsExactlyWhatTheGeneralPathPrints() async {
        let quick = await ShellHarness.quickMatchesGeneral(Self.lines(count: 6_000, seed: 11))
        #expect((quick.session.quickLane?.answered ?? 0) > 300)
    }

    /// Sums of the lane's longest (8 terms) and beyond, up to a line near the 1 MiB limit: what
    /// the lane leaves to the general path comes out as the general path alone prints it.
    @Test func longSumsPrintWhatTheGeneralPathPrints() async {
        var lines: [String] = []
        for count in [7, 8, 9, 100, 60_000] {
            let terms = (0..<count).map { ["12.50 usd", "7 eur", "1,000 jpy"][$0 % 3] }
            for _ in 0..<2 { lines.append(terms.joined(separator: " + ") + " in gbp") }
            lines.append(terms.joined(separator: " - ") + " in gbp")
        }
        let quick = await ShellHarness.quickMatchesGeneral(lines)
        #expect(quick.out.text.split(separator: "\n").count == lines.count)
        #expect(quick.err.text.isEmpty)
        #expect((quick.session.quickLane?.answered ?? 0) >= 2)
    }
}

extension QuickLaneSumTests {
    /// Sums under another number format: `,` groups and `1.234` are left to the general path
    /// where the format may read them otherwise; the rest is answered in the format.
    @Test(arguments: ["de", "fr", "ch", "in"])
    func answersInTheNumberFormatAsTheGeneralPathDoes(format: String) async {
        let quick = await ShellHarness.quickMatchesGeneral(["set number_format \(format)"] + Self.lines(count: 2_000, seed: 12))
        #expect((quick.session.quickLane?.answered ?? 0) > 100)
    }
}
