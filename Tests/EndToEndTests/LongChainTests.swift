import Foundation
import Testing

/// Lines as long as a line may be (1 MiB) made of one chain of operators: `1 usd + 1 usd + …`
/// 60,000 times is a legitimate sum. Each once overflowed the stack (exit 139) while being
/// echoed or freed, taking the answers of the lines before it along, and took time growing with
/// the square of its length. Now a chain is evaluated, echoed and freed one operand at a time.
@Suite struct LongChainTests {
    static func chain(_ first: String, _ link: String, count: Int) -> String {
        var line = first
        line.reserveCapacity(first.utf8.count + link.utf8.count * count)
        for _ in 0..<count { line += link }
        return line
    }

    @Test func sumsOfEightyThousandTermsAnswerAfterTheLinesBefore() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let lines = [
            "100 usd eur",
            Self.chain("1 usd", " + 1 usd", count: 59_999),
            Self.chain("1 usd", " + 1 usd", count: 82_999) + " in usd",
            "1 usd + 2 usd",
        ]
        #expect(lines[2].utf8.count < 1 << 20)
        let raw = try ScriptInputTests.run(fx, ["--offline"], input: Array((lines.joined(separator: "\n") + "\n").utf8), deadline: 120)
        #expect(!raw.signalled && raw.status == 0, "fx died: \(raw.status)")
        let answers = String(decoding: raw.stdout, as: UTF8.self).split(separator: "\n")
        #expect(answers.count == 4)
        #expect(answers.first == "100.00 USD = 89.51 EUR")
        #expect(answers[safe: 1]?.hasSuffix(" + 1.00 USD = 60,000.00 USD") == true)
        #expect(answers[safe: 1]?.utf8.count == 60_000 * 11 - 3 + " = 60,000.00 USD".utf8.count)
        #expect(answers[safe: 2]?.hasSuffix(" + 1.00 USD = 83,000.00 USD") == true)
        #expect(answers.last == "1.00 USD + 2.00 USD = 3.00 USD")
        // Quadratic, the 83,000 terms alone took 41 s; linear, the whole script takes well under one.
        #expect(raw.seconds < 20, "\(raw.seconds) s")
    }

    @Test func chainsOfSharesProductsAndGroupsEndByThemselves() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let lines = [
            "100 usd eur",
            // 1.01^60000 is beyond 38 digits: an error, and the expression is freed after it.
            Self.chain("1 usd", " + 1%", count: 60_000),
            Self.chain("1 usd", " * 1", count: 150_000),
            Self.chain("(1 usd - 2 usd)", " - (1 usd - 2 usd)", count: 40_000),
            Self.chain("2 * 3 usd / 2", " + 2 * 3 usd / 2", count: 30_000) + " in usd",
            "1 usd + 2 usd",
        ]
        let raw = try ScriptInputTests.run(fx, ["--offline"], input: Array((lines.joined(separator: "\n") + "\n").utf8), deadline: 120)
        #expect(!raw.signalled && raw.status == 2, "fx died: \(raw.status)")
        let answers = String(decoding: raw.stdout, as: UTF8.self).split(separator: "\n")
        #expect(answers.count == 5)
        #expect(answers.first == "100.00 USD = 89.51 EUR")
        #expect(answers[safe: 1]?.hasSuffix(" * 1 = 1.00 USD") == true)
        #expect(answers[safe: 2]?.hasSuffix(" - (1.00 USD - 2.00 USD) = 39,999.00 USD") == true)
        #expect(answers[safe: 3]?.hasSuffix(" + (2 * 3) USD / 2 = 90,003.00 USD") == true)
        #expect(answers.last == "1.00 USD + 2.00 USD = 3.00 USD")
        let errors = String(decoding: raw.stderr, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("fx: ") }
        #expect(errors.count == 1 && errors.first?.hasPrefix("fx: line 2: ") == true, "\(errors)")
    }

    /// A script fed through a pipe one line at a time gets each answer before it sends the next
    /// line: one buffered until the end (or until fx dies) would never come to a program that
    /// waits for it. The same conversion twice: the second is the quick lane's.
    @Test func eachAnswerComesBeforeTheNextLineIsSent() throws {
        let (fx, server) = try ScriptInputTests.prepared()
        defer { fx.cleanUp(); server.stop() }
        let process = Process()
        process.executableURL = try FXRunner.binary()
        process.arguments = []
        process.environment = fx.environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let reader = LineCollector(output.fileHandleForReading)
        for (index, line) in ["100 usd eur", "100 usd eur", "7 usd + 5 eur in gbp", "100 usd eur", "2 usd + 2 usd in usd"].enumerated() {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            #expect(reader.waitForLines(index + 1, seconds: 20), "no answer to line \(index + 1) while fx waits for line \(index + 2)")
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = reader.lines
        #expect(lines.count == 5)
        #expect(lines.first == lines[safe: 1] && lines.first == lines[safe: 3])
        #expect(lines.last == "2.00 USD + 2.00 USD = 4.00 USD")
    }
}

/// The lines a child writes to a pipe, gathered on a thread of their own as they come.
private final class LineCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                data.append(chunk)
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func waitForLines(_ count: Int, seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while data.filter({ $0 == 0x0A }).count < count {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
