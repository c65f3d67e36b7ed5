import FXRates
import FXTestSupport
import Foundation

/// An fx sandbox holding the real ECB history (1999 to 2026-10-30) as a complete cache, asked
/// with `--offline`, and the accounting tools and Python run on what it writes.
struct BooksRig {
    let fx = FXRunner()
    var directory: URL { fx.home }

    /// The fixture every independent computation reads, as the ECB ships it.
    static let csvPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FXTestSupport/Fixtures/eurofxref-hist.csv").path

    init() throws {
        let history = try ECBHistoryCSV.history(ecbFullHistoryCSV)
        let entry = CachedHistory(source: .ecb, history: history, complete: true, fetchedAt: Date())
        let cache = fx.home.appendingPathComponent("cache/fx")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try HistoryFileFormat.encode(entry).write(to: cache.appendingPathComponent("history-ecb.txt"))
    }

    /// fx's standard output, failing on any other status or on anything said on stderr.
    func fx(_ words: [String]) throws -> String {
        let result = try fx.run(["--offline"] + words)
        guard result.status == 0, result.stderr.isEmpty else {
            throw RunnerError(description: "fx \(words.joined(separator: " ")): \(result.status) \(result.stderr)")
        }
        return result.stdout
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// Runs `tool` (found on PATH) in the sandbox; its standard output, or an error with its stderr.
    func run(_ tool: String, _ arguments: [String], stdin: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.feed(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let problems = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RunnerError(
                description:
                    "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: problems, as: UTF8.self))"
            )
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// One price as a tool states it: day, base, quote and the exact decimal.
struct Price: Hashable, CustomStringConvertible {
    let day: String
    let base: String
    let quote: String
    let rate: Decimal

    var description: String { "\(day) \(base) \(rate) \(quote)" }

    /// The prices of fx's file: `P 2024-01-02 USD 0.9 EUR` and `2024-01-02 price USD 0.9 EUR`.
    static func parse(priceFile text: String) -> [Price] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            if words.count == 5, words[0] == "P" { return Price(words[1], words[2], words[3], words[4]) }
            if words.count == 5, words[1] == "price" { return Price(words[0], words[2], words[3], words[4]) }
            return nil
        }
    }

    init?(_ day: Substring, _ base: Substring, _ rate: Substring, _ quote: Substring) {
        guard let value = Decimal(string: String(rate), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self.day = day.replacingOccurrences(of: "/", with: "-")
        self.base = String(base)
        self.quote = String(quote)
        self.rate = value
    }
}
