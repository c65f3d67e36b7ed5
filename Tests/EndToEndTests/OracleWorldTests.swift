import FXRates
import FXTestSupport
import Foundation
import Testing

/// The built `fx` against `OracleWorld` (issue 32, "How to prove it"): for seeded random pairs,
/// amounts and days, every answer equals the world's own exact computation, through each path an
/// answer takes: one-shots latest and dated, script mode (the quick lane), the calculator, CSV
/// statements and `history --csv`. `FX_ORACLE_SEED` picks another world; a failure names the seed,
/// the day the world ended, and the command.
@Suite struct OracleWorldTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["FX_ORACLE_SEED"].flatMap { UInt64($0) } ?? 20_260_032

    /// The world, its server, and an fx pointed at it (the ECB and the rest at a closed port).
    static func rig() throws -> (OracleWorld, LoopbackHTTPServer, FXRunner) {
        let world = OracleWorld(seed: seed)
        let server = try LoopbackHTTPServer { world.reply($0) }
        var fx = FXRunner()
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        return (world, server, fx)
    }

    /// Seed, day and command, for a failure to be reproduced.
    static func context(_ world: OracleWorld, _ command: String) -> Comment {
        "FX_ORACLE_SEED=\(world.seed) (world ending \(world.today)): \(command)"
    }

    /// An amount written with the minor units of `code` (0 to 7 whole digits; gold up to 3).
    static func amount(_ code: String, _ random: inout SplitMix) -> String {
        let places = OracleWorld.places(code)
        let wholeDigits = code == OracleWorld.gold ? 1 + random.next(3) : 1 + random.next(7)
        let whole = random.next(Int(pow(10, Double(wholeDigits))))
        var text = "\(whole)"
        if places > 0 { text += "." + String(String(random.next(Int(pow(10, Double(places)))) + Int(pow(10, Double(places)))).dropFirst()) }
        return ExactFraction(text)!.numerator.isZero ? amount(code, &random) : text
    }

    /// Pairs that matter whatever the seed (pegs against their anchors and each other, gold), then random ones.
    static func pairs(_ count: Int, _ random: inout SplitMix) -> [(String, String)] {
        var pairs = [
            ("USD", "AED"), ("AED", "USD"), ("EUR", "XOF"), ("XOF", "EUR"), ("AED", "SAR"), ("XAF", "BHD"), ("XAU", "USD"), ("EUR", "XAU"),
            ("USD", "NGN"), ("ISK", "JPY"), ("KWD", "BHD"),
        ]
        let codes = OracleWorld.codes
        while pairs.count < count {
            let from = codes[random.next(codes.count)], to = codes[random.next(codes.count)]
            if from != to { pairs.append((from, to)) }
        }
        return pairs
    }

    /// A day to ask about: half of them weekends and holidays, none in the first 16 days or today.
    static func askedDay(_ world: OracleWorld, _ random: inout SplitMix) -> Day {
        let span = Array(world.days[16..<(world.days.count - 1)])
        let quiet = span.filter { $0.weekday > 5 || world.holidays.contains($0) }
        return random.next(2) == 0 ? quiet[random.next(quiet.count)] : span[random.next(span.count)]
    }

    static func json(_ text: String) -> [String: Any]? {
        jsonAnswer(text)
    }

    /// (1) One-shot `fx --json convert A X Y` on the latest rows.
    @Test func oneShotLatest() throws {
        let (world, server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        var random = SplitMix(Self.seed &+ 1)
        for (from, to) in Self.pairs(40, &random) {
            let amount = Self.amount(from, &random)
            let arguments = ["--source", "frankfurter", "--json", "convert", amount, from.lowercased(), to.lowercased()]
            let expected = try #require(world.convert(amount, from: from, to: to), Self.context(world, "no oracle for \(arguments)"))
            let result = try fx.run(arguments)
            let rows = [from, to].map { "\($0) \(world.row($0, on: nil).map { "\($0.value) (\($0.day))" } ?? "none")" }
            let comment = Self.context(
                world,
                "fx \(arguments.joined(separator: " ")) → \(expected) got \(result.stdout)\(result.stderr) rows \(rows) USD \(world.rows["USD"]!.keys.max().map { "\($0) \(world.rows["USD"]![$0]!)" } ?? "")"
            )
            let object = Self.json(result.stdout)
            #expect(result.status == 0 && object?["result"] as? String == expected.result, comment)
            #expect(object?["as_of"] as? String == expected.day.description, comment)
        }
    }

    /// (2) One-shot dated `fx --json convert A X Y on DAY`, weekends and holidays among the days.
    @Test func oneShotDated() throws {
        let (world, server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        var random = SplitMix(Self.seed &+ 2)
        for (from, to) in Self.pairs(40, &random) {
            let amount = Self.amount(from, &random), day = Self.askedDay(world, &random)
            let arguments = ["--source", "frankfurter", "--json", "convert", amount, from.lowercased(), to.lowercased(), "on", "\(day)"]
            let expected = try #require(
                world.convert(amount, from: from, to: to, on: day), Self.context(world, "no oracle for \(arguments)"))
            let result = try fx.run(arguments)
            let comment = Self.context(world, "fx \(arguments.joined(separator: " ")) → \(expected) got \(result.stdout)\(result.stderr)")
            let object = Self.json(result.stdout)
            #expect(result.status == 0 && object?["result"] as? String == expected.result, comment)
            #expect(object?["as_of"] as? String == expected.day.description, comment)
            // Every file fx wrote reads back: a history set aside as damaged loses what was fetched.
            #expect(!result.stderr.contains("damaged"), comment)
        }
    }

    /// (3) Script mode: many lines on stdin in one run, pairs repeated so that the quick lane
    /// learns them (and their currencies); each line as the oracle writes it, and as a one-shot does.
    @Test func scriptMode() throws {
        let (world, server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        var random = SplitMix(Self.seed &+ 3)
        let pairs = Self.pairs(30, &random)
        var lines: [String] = [], expected: [String] = []
        for index in 0..<400 {
            let (from, to) = index < pairs.count ? pairs[index] : pairs[random.next(index < 200 ? 8 : pairs.count)]
            let amount = Self.amount(from, &random)
            lines.append("\(amount) \(from.lowercased()) \(to.lowercased())")
            let answer = try #require(world.convert(amount, from: from, to: to))
            expected.append("\(grouped(amount)) \(from) = \(grouped(answer.result)) \(to)")
        }
        let result = try fx.run(["--source", "frankfurter"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, Self.context(world, "script: \(result.stderr)"))
        let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(got.count == lines.count, Self.context(world, "script printed \(got.count) lines for \(lines.count)"))
        for (index, line) in lines.enumerated() where index >= got.count || got[index] != expected[index] {
            Issue.record(
                Self.context(
                    world, "script line \(index + 1) '\(line)': expected '\(expected[index])', got '\(index < got.count ? got[index] : "")'"
                ))
        }
        // A few lines again as one-shots: the same bytes.
        for index in [0, 7, 150, 399] {
            let words = lines[index].split(separator: " ").map(String.init)
            let single = try fx.run(["--source", "frankfurter"] + words)
            #expect(
                single.stdout == expected[index] + "\n", Self.context(world, "one-shot '\(lines[index])': \(single.stdout)\(single.stderr)")
            )
        }
    }
}

extension OracleWorldTests {
    /// (4) The calculator: `A X + B Y [+ C W] in Z`, each term converted exactly, the sum rounded once.
    @Test func calculatorSums() throws {
        let (world, server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        var random = SplitMix(Self.seed &+ 4)
        let codes = OracleWorld.codes
        for _ in 0..<15 {
            let target = codes[random.next(codes.count)]
            var terms: [(amount: String, code: String)] = []
            for _ in 0..<(2 + random.next(2)) {
                let code = codes[random.next(codes.count)]
                terms.append((Self.amount(code, &random), code))
            }
            let line = terms.map { "\($0.amount) \($0.code.lowercased())" }.joined(separator: " + ") + " in \(target.lowercased())"
            var sum = ExactFraction(0)
            for term in terms {
                let rate = try #require(world.rate(from: term.code, to: target, on: nil))
                sum = sum + ExactFraction(term.amount)! * rate.value
            }
            let expected = sum.rounded(places: OracleWorld.places(target))
            let result = try fx.run(["--source", "frankfurter", "--json", line])
            let object = Self.json(result.stdout)
            let comment = Self.context(world, "fx --json '\(line)' → \(expected) got \(result.stdout)\(result.stderr)")
            #expect(result.status == 0 && object?["result"] as? String == expected, comment)
        }
    }

    /// (5) A CSV statement: each row at its own day's rates (weekends and holidays among them).
    @Test func csvStatement() throws {
        let (world, server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        var random = SplitMix(Self.seed &+ 5)
        let codes = OracleWorld.codes
        let target = OracleWorld.floating[random.next(OracleWorld.floating.count)].code
        var text = "Date,Amount,Currency\n"
        var expected: [(day: String, result: String, line: String)] = []
        for _ in 0..<40 {
            var code = target
            while code == target { code = codes[random.next(codes.count)] }
            let day = Self.askedDay(world, &random)
            let amount = (random.next(4) == 0 ? "-" : "") + Self.amount(code, &random)
            let answer = try #require(world.convert(amount, from: code, to: target, on: day))
            text += "\(day),\(amount),\(code)\n"
            expected.append((answer.day.description, answer.result, "\(day),\(amount),\(code)"))
        }
        let file = fx.home.appendingPathComponent("statement.csv")
        try Data(text.utf8).write(to: file)
        let arguments = [
            "--source", "frankfurter", "csv", file.path, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to",
            target.lowercased(),
        ]
        let result = try fx.run(arguments)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(
            rows.first == ["Date", "Amount", "Currency", "rate", "rate_date", "source", "amount_\(target.lowercased())"],
            "\(rows.first ?? [])")
        #expect(rows.count == expected.count + 1, Self.context(world, "csv: \(result.stdout)"))
        for (row, want) in zip(rows.dropFirst(), expected) {
            let comment = Self.context(
                world, "csv --to \(target) row '\(want.line)': expected \(want.result) dated \(want.day), got \(row); \(result.stderr)")
            #expect(row.count == 7 && row[6] == want.result && row[4] == want.day, comment)
        }
        // An amount such as 3.118 (a dinar's three decimals) in a comma-separated file is 3.118, said once.
        #expect(result.status == 0, Self.context(world, "csv exit \(result.status): \(result.stderr)"))
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("note: ") }, Self.context(world, result.stderr))
    }

    /// (6) `history X Y from … to … --csv`: each row the oracle's rate of its day, to ten places.
    @Test func historyCSV() throws {
        let (world, server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        var random = SplitMix(Self.seed &+ 6)
        // Pegged rows aside (see `datedPegIssue`).
        let pairs =
            [("USD", "NGN"), ("EUR", "ISK"), ("TRY", "JPY"), ("XAU", "GBP")]
            + Self.pairs(30, &random).suffix(19).filter { !OracleWorld.isPegged($0.0) && !OracleWorld.isPegged($0.1) }.prefix(3)
        for (base, quote) in pairs {
            let start = world.days[16 + random.next(20)], end = world.days[world.days.count - 2 - random.next(10)]
            let arguments = [
                "--source", "frankfurter", "history", base.lowercased(), quote.lowercased(), "from", "\(start)", "to", "\(end)", "--csv",
            ]
            let result = try fx.run(arguments)
            let command = "fx \(arguments.joined(separator: " "))"
            #expect(result.status == 0, Self.context(world, "\(command): \(result.stderr)"))
            let rows = result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
            let days = world.publications(of: [base, quote], from: start, to: end)
            #expect(rows.map { $0.first ?? "" } == days.map(\.description), Self.context(world, "\(command): days \(result.stdout)"))
            for row in rows where row.count == 4 {
                guard let day = Day(iso: row[0]), let rate = world.rate(from: base, to: quote, on: day) else {
                    Issue.record(Self.context(world, "\(command): no oracle for \(row)"))
                    continue
                }
                let want = ExactFraction(rate.value.rounded(places: 10))!
                #expect(ExactFraction(row[3]) == want, Self.context(world, "\(command): \(row) expected \(want)"))
            }
        }
    }
}
