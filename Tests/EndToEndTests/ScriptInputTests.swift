import FXRates
import FXTestSupport
import Foundation
import Testing

/// `fx < file` with up to 100,000 random and adversarial lines: megabyte lines, NUL bytes, invalid
/// UTF-8 (overlong forms, lone surrogates, cut sequences), numbers too large, too small or in the
/// wrong digits, deep parentheses, lines of separators, control characters and terminal escapes,
/// every command with the wrong number of words, between ordinary conversions. Generated from a
/// fixed seed, so every run sends the same bytes.
///
/// The default suite sends 10,000 lines (the adversarial ones among them, the megabyte lines in a
/// test of their own) to stay within seconds; `FX_SCRIPT_LINES=100000` (as `Scripts/stress` sets
/// it) sends the full hundred thousand, megabyte lines included.
///
/// What must hold: fx ends by itself with the status of the first failing line (2, a usage error
/// on line 2), never by a signal; every bad line gets exactly one `fx: line N: …` on stderr and
/// nothing else does; every good line answers; and no escape or control byte comes back out.
@Suite struct ScriptInputTests {
    /// What a line must produce.
    enum Expect: Equatable {
        /// Answers with this many stdout lines, and no error.
        case good(Int)
        /// Exactly one `fx: line N: …`, nothing on stdout.
        case bad
        /// Either of those (fx may read it either way: `+5`, `-0`, NUL as a separator), or for 0, nothing at all.
        case either(Int)
    }

    static let currencies =
        "EUR USD JPY GBP CHF AUD CAD CNY HKD SEK NOK DKK PLN CZK HUF RON ISK TRY BRL IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR"
        .split(separator: " ").map(String.init)

    /// Lines chosen one by one: each shape once (a few of them many times, further down).
    static func adversarial(megabyteLines: Bool = true) -> [([UInt8], Expect)] {
        func text(_ line: String, _ expect: Expect) -> ([UInt8], Expect) { (Array(line.utf8), expect) }
        var lines: [([UInt8], Expect)] = [
            text("100 usd eur", .good(1)),
            text("convert 12,34,5 usd eur", .bad),  // the first failure: a usage error, so the status is 2
            text("convert 1,000.00 usd eur", .good(1)),
            text("rate usd jpy", .good(1)),
            text("rate usd/jpy", .good(1)),
            text("convert 100 usd eur gbp", .good(2)),
            text("1.5k eur usd", .good(1)),
            text("$100 → eur", .good(1)),
            text("100€ in usd", .good(1)),
            text("₩50000 jpy", .good(1)),
            text("   100   usd\teur   ", .good(1)),
            text("100 usd eur\r", .good(1)),  // a CRLF line
            text("100 USD EUR # a comment after the words", .good(1)),
            text("+5 usd eur", .either(1)),
            text("-0 usd eur", .either(1)),
            text("0.000000000000000001 usd eur", .either(1)),
            text("100\0usd\0eur", .either(1)),
            // Nothing to do: blank, comments, whitespace of every kind.
            text("", .either(0)), text("   ", .either(0)), text("# a comment", .either(0)), text("\t\t", .either(0)),
            text("\0\0\0", .either(0)), text("\u{0C}", .either(0)), text("\u{85}", .either(0)), text("\u{3000}", .either(0)),
            // Numbers.
            text("1e400 usd eur", .bad), text("1E5 usd eur", .bad), text("1e-400 usd eur", .bad),
            text("1234567890123456789012345678901234567890 usd eur", .bad),
            text("99999999999999999999999999 usd eur", .bad),
            text("0." + String(repeating: "0", count: 200) + "1 usd eur", .bad),
            text("１００ usd eur", .bad), text("convert １００ usd eur", .bad), text("٣ usd eur", .bad),
            text("1,0,0 usd eur", .bad), text("1..5 usd eur", .bad), text("--5 usd eur", .bad), text("$-$5 eur", .bad),
            text("NaN usd eur", .bad), text("convert inf usd eur", .bad), text("0x10 usd eur", .bad),
            text("100 usd eur on 2999-01-01", .bad), text("100 usd eur on 2026-02-30", .bad),
            text("rate usd jpy on 99999999999999999999d ago", .bad),
            // Parentheses and separators.
            // The calculator reads parentheses: (100) usd is 100 USD; nesting past 100 is refused, never a crash.
            text("((((((((((100))))))))))usd eur", .good(1)), text("convert (((((100))))) usd eur", .good(1)),
            text(String(repeating: "(", count: 10_000) + "100" + String(repeating: ")", count: 10_000), .bad),
            text("/ / , , -> →", .bad), text(",,,,", .bad), text("→", .bad), text("->", .bad), text("/", .bad), text("=", .bad),
            // Control characters and terminal escapes, first and last.
            text("\u{7}100 usd eur", .bad), text("100 usd eur\u{7}", .bad), text("\u{1B}[31m100 usd eur\u{1B}[0m", .bad),
            text("convert 100 usd \u{1B}]0;owned\u{7}", .bad), text("rate \u{9B}31m usd", .bad), text("100 usd \u{202E}rue", .bad),
            text("\u{8}\u{8}\u{8}", .bad), text("\u{1B}[2J\u{1B}[H", .bad), text("100 \u{7F} eur", .bad), text("help \u{1B}[6n", .bad),
            // Every command with the wrong number of words.
            text("convert", .bad), text("convert 100", .bad), text("convert 100 usd", .bad), text("convert 100 usd to", .bad),
            text("c", .bad), text("100", .good(1)), text("100 usd", .bad), text("$100", .bad), text("€", .bad),
            text("rate", .bad), text("rate usd jpy on", .bad), text("rate usd jpy on bogus", .bad), text("rate usd jpy extra", .bad),
            text("history usd", .bad), text("history usd jpy 1y extra", .bad), text("history usd usd", .bad),
            text("history usd jpy from", .bad), text("history usd jpy --bogus", .bad), text("history usd jpy 0d", .bad),
            text("refresh bogus", .bad), text("refresh ecb", .bad), text("refresh", .bad),
            text("sources enable", .bad), text("sources disable", .bad), text("sources enable bogus", .bad),
            text("sources order", .bad), text("sources order bogus", .bad), text("sources compare usd", .bad),
            text("sources compare", .bad), text("sources bogus", .bad), text("help bogus", .bad),
            text("quit now", .bad), text("exit 0", .bad), text("q q", .bad),
            // Words fx cannot price or does not know.
            text("100 usd eux", .bad), text("100 xyz eur", .bad), text("100 usd kwd", .bad), text("100 usd usd usd", .either(1)),
        ]
        // Invalid UTF-8: bytes that are no character, overlong forms, a lone surrogate, past U+10FFFF, cut sequences.
        for bytes: [UInt8] in [
            Array("100 usd ".utf8) + [0xFF, 0xFE], [0xC0, 0xAF], Array("100 ".utf8) + [0xED, 0xA0, 0x80] + Array(" eur".utf8),
            [0xF4, 0x90, 0x80, 0x80] + Array(" usd eur".utf8), Array("100 usd e".utf8) + [0x80] + Array("r".utf8), [0xE2, 0x82],
            Array("convert 100 ".utf8) + [0xE0, 0x80, 0xAF] + Array(" eur".utf8), [0xC1, 0xBF, 0xF8, 0x88, 0x80, 0x80, 0x80],
            Array("rate usd ".utf8) + [0xEF, 0xBF, 0xBE],  // U+FFFE, a noncharacter, well formed
        ] {
            lines.append((bytes, .bad))
        }
        // Long lines: a megabyte word where a command, a currency or an amount goes; 64 KiB of blanks first.
        lines.append((Array(repeating: UInt8(ascii: " "), count: 64 << 10) + Array("bogus".utf8), .bad))
        guard megabyteLines else { return lines }
        lines.append((Array(repeating: UInt8(ascii: "a"), count: 1 << 20), .bad))
        lines.append((Array("convert 100 usd ".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1 << 20), .bad))
        lines.append((Array(repeating: UInt8(ascii: "1"), count: 1 << 20) + Array(" usd eur".utf8), .bad))
        return lines
    }

    /// Bytes that make trouble, weighted towards them.
    static let noise: [[UInt8]] = [
        [0x00], [0x1B], [0x07], [0x08], [0x7F], [0x0D], [0x09], [0x20], [0x20], [0x20], [0x80], [0xBF], [0xC0], [0xC3], [0xE2],
        [0xED, 0xA0, 0x80],
        [0xF0, 0x9F], [0xFF], Array("€".utf8), Array("₩".utf8), Array("→".utf8), Array("->".utf8), Array("$".utf8), Array(",".utf8),
        Array("/".utf8), Array("#".utf8), Array(".".utf8), Array("(".utf8), Array(")".utf8), Array("\u{9B}".utf8), Array("\u{202E}".utf8),
        Array("１".utf8), Array("e".utf8), Array("k".utf8), Array("bn".utf8), Array("usd".utf8), Array("on".utf8), Array("to".utf8),
        Array("1".utf8), Array("0".utf8), Array("9".utf8), Array("\u{1B}[31m".utf8), Array("\u{1B}]0;x\u{7}".utf8),
    ]

    /// The whole script: the adversarial lines, then ordinary conversions and noise mixed.
    static func script(count: Int, seed: UInt64, megabyteLines: Bool) -> (bytes: [UInt8], expected: [Expect]) {
        var generator = SeededGenerator(seed: seed)
        var lines = adversarial(megabyteLines: megabyteLines)
        while lines.count < count {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...2:
                // An ordinary conversion, or a rate: answers with one line.
                let from = currencies.randomElement(using: &generator)!
                var to = currencies.randomElement(using: &generator)!
                if to == from { to = from == "EUR" ? "USD" : "EUR" }
                let cents = Int.random(in: 0..<100, using: &generator)
                let amount = "\(Int.random(in: 1...99_999, using: &generator))" + (cents % 3 == 0 ? "" : ".\(cents / 10)\(cents % 10)")
                let keyword = ["", " to", " in", " as", " ->", " →"].randomElement(using: &generator)!
                let line =
                    Bool.random(using: &generator)
                    ? "rate \(from) \(to)"
                    : (Bool.random(using: &generator) ? "convert " : "") + "\(amount) \(from.lowercased())\(keyword) \(to)"
                lines.append((Array(line.utf8), .good(1)))
            case 3:
                // One of the adversarial lines again (the short ones), so each meets a warm process too.
                let again = lines.prefix(120).filter { $0.0.count < 4096 }.randomElement(using: &generator)!
                lines.append(again)
            default:
                // Noise after a word that is no command and no amount: always one error, whatever follows.
                var bytes = Array("~".utf8)
                for _ in 0..<Int.random(in: 0...60, using: &generator) {
                    if Int.random(in: 0..<3, using: &generator) == 0 {
                        bytes.append(UInt8.random(in: 0...255, using: &generator))
                    } else {
                        bytes += noise.randomElement(using: &generator)!
                    }
                }
                bytes.removeAll { $0 == 0x0A }
                lines.append((bytes, .bad))
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(6 << 20)
        for (line, _) in lines {
            bytes += line
            bytes.append(0x0A)
        }
        return (bytes, lines.map(\.1))
    }

    /// fx with a fresh ECB cache and the other sources off, so `--offline` answers without warnings.
    static func prepared() throws -> (FXRunner, LoopbackHTTPServer) {
        let server = try ECBServer.current()
        let fx = FXRunner(ecbURL: server.ecbURL)
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"sources": {"frankfurter": {"enabled": false}, "boc": {"enabled": false}, "dunamu": {"enabled": false}}}"#.utf8)
            .write(to: config)
        let refresh = try fx.run(["refresh"])
        #expect(refresh.status == 0 && refresh.stderr == "", "\(refresh.stdout) \(refresh.stderr)")
        return (fx, server)
    }

    /// Raw output of fx reading `input` on stdin, with a deadline.
    struct Raw {
        let stdout: Data
        let stderr: Data
        let status: Int32
        let signalled: Bool
        let seconds: TimeInterval
    }

    static func run(_ fx: FXRunner, _ arguments: [String], input: [UInt8], deadline: TimeInterval) throws -> Raw {
        let inputFile = fx.home.appendingPathComponent("script-\(UUID().uuidString).txt")
        try Data(input).write(to: inputFile)
        let out = fx.home.appendingPathComponent("script.out"), err = fx.home.appendingPathComponent("script.err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = try FXRunner.binary()
        process.arguments = arguments
        process.environment = fx.environment
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let started = Date()
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        if finished.wait(timeout: .now() + deadline) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            Issue.record("fx did not finish \(input.count) bytes of script within \(Int(deadline)) s")
        }
        process.waitUntilExit()
        return Raw(
            stdout: try Data(contentsOf: out), stderr: try Data(contentsOf: err), status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal, seconds: Date().timeIntervalSince(started))
    }

    /// No byte that moves a cursor, rings, or starts an escape (C0 but the newline, DEL, C1 as UTF-8, bidi overrides).
    static func rawControls(_ data: Data) -> Int {
        let text = String(decoding: data, as: UTF8.self)
        return text.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format)
        }.count
    }

    static let lineCount = Int(ProcessInfo.processInfo.environment["FX_SCRIPT_LINES"] ?? "") ?? 10_000

    @Test func manyRandomAndAdversarialLines() throws {
        let (fx, server) = try Self.prepared()
        defer { fx.cleanUp(); server.stop() }
        // The megabyte lines have their own test; the full run sends them here too.
        let (input, expected) = Self.script(count: Self.lineCount, seed: 0xF00D, megabyteLines: Self.lineCount >= 100_000)
        let requestsBefore = server.requests.count

        let raw = try Self.run(fx, ["--offline"], input: input, deadline: 240)
        print(
            "ScriptInputTests: \(expected.count) lines, \(input.count) bytes through script mode in \(String(format: "%.1f", raw.seconds)) s"
        )
        #expect(!raw.signalled && raw.status < 128, "fx died: \(raw.status)")
        #expect(raw.status == 2, "the first failing line is a usage error")
        #expect(server.requests.count == requestsBefore, "--offline asked the network")

        // Every stderr line is one line's error, and no line has two.
        let errors = String(decoding: raw.stderr, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        var failed = Set<Int>()
        var strays: [Substring] = []
        for line in errors {
            guard line.hasPrefix("fx: line "), let colon = line.dropFirst(9).firstIndex(of: ":"),
                let number = Int(line[line.index(line.startIndex, offsetBy: 9)..<colon]), line[colon...].count > 2
            else {
                strays.append(line.prefix(200))
                continue
            }
            #expect(failed.insert(number).inserted, "two errors for line \(number)")
            #expect(line.count <= 600, "line \(number): an error of \(line.count) characters")
        }
        #expect(strays.isEmpty, "stderr lines that are no line's error: \(strays.prefix(5))")
        let bad = expected.indices.filter { expected[$0] == .bad }.map { $0 + 1 }
        let good = expected.indices.filter { if case .good = expected[$0] { true } else { false } }.map { $0 + 1 }
        let missing = bad.filter { !failed.contains($0) }
        #expect(
            missing.isEmpty,
            "\(missing.count) bad lines without an error, such as \(missing.prefix(5).map { ($0, String(decoding: Self.lineBytes(input, $0).prefix(80), as: UTF8.self)) })"
        )
        let wrong = good.filter { failed.contains($0) }
        #expect(wrong.isEmpty, "\(wrong.count) good lines failed, such as \(wrong.prefix(5))")
        #expect(
            failed.count >= bad.count && failed.count <= bad.count + expected.filter { if case .either = $0 { true } else { false } }.count)

        // Every line that did not fail answered with as many lines as it should.
        var answers = 0
        for (index, expect) in expected.enumerated() where !failed.contains(index + 1) {
            switch expect {
            case .good(let count), .either(let count): answers += count
            case .bad: break
            }
        }
        let stdout = String(decoding: raw.stdout, as: UTF8.self)
        #expect(stdout.split(separator: "\n", omittingEmptySubsequences: false).count - 1 == answers)
        #expect(stdout.hasPrefix("100.00 USD = 89.51 EUR\n1,000.00 USD = 895.09 EUR\n1 USD = 157.25 JPY"), "\(stdout.prefix(200))")

        // Nothing that drives a terminal comes back out.
        #expect(Self.rawControls(raw.stderr) == 0, "stderr holds \(Self.rawControls(raw.stderr)) control characters")
        #expect(Self.rawControls(raw.stdout) == 0)
        print("ScriptInputTests: \(bad.count) bad lines, \(failed.count) errors, \(good.count) good lines, \(answers) answers")
    }

    /// A megabyte word is one error in about a second (debug build), not a minute of comparing it
    /// letter by letter with every currency code for "did you mean".
    @Test func megabyteWordsAreQuick() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let lines = Self.adversarial().filter { $0.0.count >= 1 << 20 }
        #expect(lines.count == 3)
        let raw = try Self.run(fx, ["--offline"], input: lines.flatMap { $0.0 + [0x0A] }, deadline: 60)
        #expect(raw.status == 2 && !raw.signalled)
        let errors = String(decoding: raw.stderr, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("fx: line ") }
        #expect(errors.count == 3 && errors.allSatisfy { $0.count < 400 }, "\(errors.map { $0.prefix(100) })")
        #expect(raw.seconds < 20, "three megabyte lines took \(raw.seconds) s")
    }

    /// In JSON every line that is not blank gives one object, errors with their line number; control characters escaped.
    @Test func jsonGivesOneObjectPerLine() throws {
        let (fx, server) = try Self.prepared()
        defer { fx.cleanUp(); server.stop() }
        let (input, expected) = Self.script(count: 3_000, seed: 0xBEEF, megabyteLines: false)
        let raw = try Self.run(fx, ["--offline", "--json"], input: input, deadline: 120)
        #expect(!raw.signalled && raw.status == 2)
        var errorLines = Set<Int>()
        var objects = 0
        for line in String(decoding: raw.stdout, as: UTF8.self).split(separator: "\n") {
            objects += 1
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                Issue.record("not a JSON object: \(line.prefix(200))")
                continue
            }
            if let error = object["error"] as? [String: Any] {
                let number = try #require(error["line"] as? Int)
                #expect(errorLines.insert(number).inserted)
                #expect((error["message"] as? String)?.isEmpty == false)
            }
        }
        let stderrNumbers = String(decoding: raw.stderr, as: UTF8.self).split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("fx: line ") else { return nil }
            return Int(line.dropFirst(9).prefix { $0.isNumber })
        }
        #expect(Set(stderrNumbers) == errorLines && stderrNumbers.count == errorLines.count)
        for (index, expect) in expected.enumerated() where expect == .bad {
            #expect(errorLines.contains(index + 1), "line \(index + 1) gave no error object")
        }
        // One object per line that failed or answered (JSON renders a multi-target conversion as one object).
        let answered = expected.enumerated().filter { index, expect in
            !errorLines.contains(index + 1) && expect != .either(0) && expect != .bad
        }.count
        #expect(objects == errorLines.count + answered)
        #expect(Self.rawControls(raw.stdout) == 0 && Self.rawControls(raw.stderr) == 0)
    }

    static func lineBytes(_ input: [UInt8], _ number: Int) -> ArraySlice<UInt8> {
        var line = 1
        var start = 0
        for (index, byte) in input.enumerated() where byte == 0x0A {
            if line == number { return input[start..<index] }
            line += 1
            start = index + 1
        }
        return []
    }
}
