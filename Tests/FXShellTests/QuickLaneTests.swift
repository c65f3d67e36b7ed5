import FXCommands
import FXRates
import FXAnswers
import FXRender
@testable import FXEngine
import FXShell
import Foundation
import FXTestSupport
import Testing

/// Script mode's fast lane must print exactly what the general path prints, line for line.
@Suite struct QuickLaneTests {
    /// A deterministic mix: the lane's own shape in many spellings and amounts, near misses it
    /// must leave to the general path, errors, and commands that make it forget.
    static func lines(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(seed)
        let codes = ["usd", "eur", "jpy", "gbp", "USD", "Eur", "kwd", "xyz"]
        var lines: [String] = []
        for index in 0..<count {
            let from = codes[random.next(6)], to = codes[random.next(codes.count)]
            let integer = String(random.next(1_000_000_000))
            let amount: String =
                switch random.next(8) {
                case 0: integer
                case 1: integer + "." + String(random.next(10))
                case 2: integer + "." + String(format: "%02d", random.next(100))
                case 3: "0." + String(format: "%06d", random.next(1_000_000))
                case 4: String(random.next(1_000_000_000_000_000_000))  // up to 18 digits
                case 5: "12.5"  // × 1.1172 = 13.965: half a cent, rounded away from zero
                case 6: "0"
                default: String(random.next(100)) + "." + String(format: "%03d", random.next(1000))
                }
            let line: String =
                switch random.next(12) {
                case 0: "\(amount) \(from) \(to)"
                case 1: "\(amount) \(from) in \(to)"
                case 2: "convert \(amount) \(from) to \(to)"
                case 3: "CONVERT \(amount) \(from) \(to)"
                case 4: "convert \(amount)  \(from) \(to)"  // two spaces: the general path's
                case 5: "convert 0\(amount) \(from) \(to)"  // a leading zero
                case 6: "convert \(amount) \(from) \(to) "  // a trailing space
                case 7: "convert \(amount) \(from) \(to), gbp"  // two targets
                case 8: index % 97 == 0 ? "rate usd" : "convert -\(amount) \(from) \(to)"
                case 9: "convert 1,234.50 \(from) \(to)"
                default: "convert \(amount) \(from) \(to)"
                }
            lines.append(line)
        }
        return lines
    }

    /// `set explain on` mid-script: the lane forgets the pairs it learned, so every later line is
    /// explained as the general path explains it.
    @Test func setExplainOnLeavesEveryLaterLineToTheGeneralPath() async {
        let lines = ["100 usd eur", "200 usd eur", "set explain on", "300 usd eur", "400 usd eur"]
        let quick = await ShellHarness.quickMatchesGeneral(lines)
        #expect(quick.err.text.components(separatedBy: "explain: ").count - 1 == 2, "\(quick.err.text)")
    }

    /// Issue 23: amounts of the lane's longest (18 digits) and the calculator's past 38 digits
    /// answer, or fail, alike on both paths; the lane steps aside from what it cannot hold.
    @Test func longAmountsAndResultsPast38DigitsAgree() async {
        let lines = [
            "100 usd jpy", "999999999999999999 usd jpy", "123456789012345678 jpy usd", "99999999999999999.9 krw eur",
            "999999999999999999 usd + 999999999999999999 jpy in krw", "12345678901234567890123.45 usd * 12345678901234567890.123",
            "99999999999999999999999 usd jpy", "99999999999999999999999 usd * 100000000000000000 in jpy", "200 usd jpy",
        ]
        let quick = await ShellHarness.quickMatchesGeneral(lines)
        #expect(quick.err.text.components(separatedBy: "beyond the 38 exact digits").count == 3, "\(quick.err.text)")
    }

    @Test func printsExactlyWhatTheGeneralPathPrints() async {
        let quick = await ShellHarness.quickMatchesGeneral(Self.lines(count: 20_000, seed: 7))
        let lane = quick.session.quickLane
        // Most lines have the lane's shape; after a pair's first answer the lane takes them.
        #expect((lane?.answered ?? 0) > 5_000)
        #expect(quick.out.text.contains("12.50 EUR = 13.97 USD"))
    }

    @Test func learnsOnlyFromTheGeneralPathAndExpires() async {
        let shell = ShellHarness(quickLane: true)
        let lane = shell.session.quickLane
        _ = await Modes.script(ScriptedLines(["100 usd eur", "200 usd eur", "300 usd eur"]), session: shell.session, failFast: false)
        #expect(lane?.answered == 2)
        shell.clock.advance(by: QuickLane.lifetime + 1)
        _ = await Modes.script(ScriptedLines(["400 usd eur", "500 usd eur"]), session: shell.session, failFast: false)
        #expect(lane?.answered == 3)  // the first line after expiry went the general way
        #expect(shell.out.text.split(separator: "\n").count == 5)
    }

    /// A blend's rows carry their own days, so each pair is dated by its older row: pairs of one
    /// fetch with different days are still one fetch, and the lane keeps what it learned.
    @Test func keepsPairsOfOneBlendWhoseRowsHaveDifferentDays() async {
        let shell = ShellHarness(source: BlendSource(), quickLane: true)
        let lane = shell.session.quickLane
        let lines = ["100 usd jpy", "100 jpy gbp", "200 usd jpy", "200 jpy gbp", "300 usd jpy", "300 jpy gbp"]
        _ = await Modes.script(ScriptedLines(lines), session: shell.session, failFast: false)
        // All but the first: JPY→GBP was never asked, and the rows of the first line's fetch answer it.
        #expect(lane?.answered == 5, "\(shell.err.text)")
        #expect(shell.out.text.split(separator: "\n").count == 6)
    }

    /// More pairs than the first table holds: it grows, and every pair is found again.
    @Test func holdsTensOfThousandsOfPairs() {
        let lane = QuickLane(clock: FixedClock(ShellHarness.now))
        let count = 30_000
        for key in 0..<UInt32(count) {
            let key = key &* 7919 % (1 << 30)
            let entry = QuickLane.Entry(
                toPerBase: UInt128(key), toScale: 0, fromPerBase: 1, fromScale: 0, fromDigits: 2, toDigits: 2,
                from: (65, 65, 65), to: (66, 66, 66), stamp: 0, expires: ShellHarness.now)
            lane.store(entry, key: key)
        }
        #expect(lane.learned == count)
        #expect((0..<UInt32(count)).allSatisfy { lane.entry(for: $0 &* 7919 % (1 << 30))?.toPerBase == UInt128($0 &* 7919 % (1 << 30)) })
        #expect(lane.entry(for: 1 << 30)?.toScale == nil)
    }

    @Test func anyOtherCommandMakesItForget() async {
        let shell = ShellHarness(quickLane: true)
        let lane = shell.session.quickLane
        _ = await Modes.script(
            ScriptedLines(["100 usd eur", "refresh", "200 usd eur", "300 usd eur"]),
            session: shell.session, failFast: false)
        #expect(lane?.answered == 1)
    }

    @Test func isOffForPeopleJSONAndMaxAge() {
        #expect(ShellHarness(json: true, quickLane: true).session.quickLane == nil)
        #expect(ShellHarness(forPerson: true, quickLane: true).session.quickLane == nil)
        #expect(ShellHarness(maxAge: 3600, quickLane: true).session.quickLane == nil)
    }

    @Test func parsesOnlyItsShape() {
        func parse(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { QuickLane.parse($0) != nil } }
        #expect(parse("100 usd eur") && parse("convert 1.5 USD to jpy") && parse("0.25 eur in gbp"))
        #expect(!parse("100. usd eur") && !parse(".5 usd eur") && !parse("1e5 usd eur") && !parse("100 usd eur "))
        #expect(!parse("100 usd") && !parse("100 us eur") && !parse("1234567890123456789 usd eur") && !parse("00 usd eur"))
    }
}

/// A Frankfurter blend as fx caches it (rows with their own days and institutions); by default
/// rows a day apart, each with its institutions.
struct BlendSource: RateSource {
    let id = SourceID("frankfurter")
    let name = "Frankfurter"
    var table = RateTable(
        base: .eur, date: FixedTableSource.day,
        rates: [
            .usd: Decimal(exactly: "1.1172")!, CurrencyCode("JPY")!: Decimal(exactly: "175.68")!,
            CurrencyCode("GBP")!: Decimal(exactly: "0.8338")!,
        ],
        rowDates: [.usd: Day(year: 2026, month: 10, day: 29)!],
        contributors: [
            .usd: ["ECB=1.1172@2026-10-29", "FRED=1.1169@2026-10-28"], CurrencyCode("JPY")!: ["BOJ"], CurrencyCode("GBP")!: ["BOE"],
        ])

    func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome { .fetched(table, Validators()) }
    func nextPublication(after day: Day) -> Date { day.startUTC + 86_400 + 15 * 3600 }
}

/// Lines from a real file descriptor behave as `readLine` did.
@Suite struct StandardInputLinesTests {
    @Test func splitsLinesAsReadLineDoes() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let input: [UInt8] = Array("one\r\ntwo\n\nthree ".utf8) + [0xFF, 0x0A] + Array("last\r".utf8)
        input.withUnsafeBytes { _ = write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let lines = StandardInputLines(fd: fds[0])
        var read: [String] = []
        while let line = lines.nextLine() { read.append(line) }
        close(fds[0])
        #expect(read == ["one", "two", "", "three \u{FFFD}", "last\r"])
    }

    @Test func readsLinesLongerThanOneBlock() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let long = String(repeating: "x", count: 700_000)
        let writeEnd = fds[1]
        let writer = Thread {
            Array((long + "\nshort").utf8).withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count { offset += write(writeEnd, raw.baseAddress! + offset, raw.count - offset) }
                close(writeEnd)
            }
        }
        writer.start()
        let lines = StandardInputLines(fd: fds[0])
        #expect(lines.nextLine()?.count == 700_000)
        #expect(lines.nextLine() == "short")
        #expect(lines.nextLine() == nil)
        close(fds[0])
    }

    @Test func aLineBeyondTheLimitIsGivenEmptyAndFlaggedAndTheNextFollows() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writeEnd = fds[1]
        let text = "first\n" + String(repeating: "x", count: 5 << 20) + "\nnext\n" + String(repeating: "y", count: (1 << 20) + 1)
        let writer = Thread {
            Array(text.utf8).withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count { offset += write(writeEnd, raw.baseAddress! + offset, raw.count - offset) }
                close(writeEnd)
            }
        }
        writer.start()
        let lines = StandardInputLines(fd: fds[0])
        var read: [String] = []
        var flags: [Bool] = []
        while let line = lines.nextLine() {
            read.append(line)
            flags.append(lines.lastLineTooLong)
        }
        close(fds[0])
        #expect(read == ["first", "", "next", ""])
        #expect(flags == [false, true, false, true])
    }
}

extension QuickLaneTests {
    /// Under `set number_format` the lane reads and writes numbers in that format (`1.234` is
    /// left to the general path where it may be a thousand), and a change of format makes it forget.
    @Test(arguments: ["de", "fr", "ch", "in"])
    func answersInTheNumberFormatAsTheGeneralPathDoes(format: String) async {
        let lines =
            ["set number_format \(format)"] + Self.lines(count: 3_000, seed: 9) + ["set number_format en"]
            + Self.lines(count: 500, seed: 10)
        let quick = await ShellHarness.quickMatchesGeneral(lines)
        #expect((quick.session.quickLane?.answered ?? 0) > 1_000)
    }
}
