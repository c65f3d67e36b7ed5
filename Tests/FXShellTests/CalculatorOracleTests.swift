import FXAnswers
import FXCommands
import FXRates
import FXRender
import FXShell
import FXTestSupport
import Foundation
import Testing

/// fx's calculator against an independent exact computation: 2,000 seeded random lines and
/// the ties, answered by fx in `--json` over the real ECB history, then checked by
/// `Oracle/calculator_oracle.py` (Python's `fractions` and `decimal`, nothing of fx's).
@Suite struct CalculatorOracleTests {
    static let randomCount = 2_000
    static let constructedTies = 300
    static let spelledCount = 400

    static func cases() -> [OracleCase] {
        var generator = OracleGenerator(seed: 20_261_030)
        let random = (0..<randomCount).map { _ in generator.randomCase() }
        let ties = (0..<constructedTies).map { _ in generator.constructedTie() }
        // Named currencies and written dates (issue 24): the same arithmetic, typed in words.
        let spelled = (0..<spelledCount).map { _ in
            var line = generator.randomCase()
            line.spelled = true
            return line
        }
        return random + OracleGenerator.handTies + ties + spelled
    }

    @Test func calculatorAgreesWithExactArithmetic() async throws {
        let cases = Self.cases()
        var records: [[String: Any]] = []
        var failures: [String] = []
        let session = Self.session()
        for line in cases {
            session.out.clear()
            session.err.clear()
            let status = await session.session.run(line.line)
            guard status == .ok, let answer = Self.answer(session.out.text) else {
                failures.append("\(line.line): \(session.err.text)\(session.out.text)")
                continue
            }
            // The rates used are the day asked for.
            let days = Set(answer.dates)
            if !days.isSubset(of: [line.date ?? "2026-10-30"]) { failures.append("\(line.line): rates of \(days)") }
            records.append(line.record(result: answer.result, currency: answer.currency))
        }
        // The spelled lines are spelled: no code the name table covers is left, and the days are words.
        let spelled = cases.filter(\.spelled)
        #expect(spelled.count == Self.spelledCount)
        for line in spelled {
            let words = line.line.split(whereSeparator: { " ()".contains($0) }).map(String.init)
            #expect(!words.contains { OracleCase.names[$0.uppercased()] != nil && $0.count == 3 }, "\(line.line)")
            if let date = line.date { #expect(line.line.contains(OracleCase.written(date)), "\(line.line)") }
        }
        #expect(spelled.contains { $0.line.contains("euros") } && spelled.contains { $0.date != nil })
        #expect(failures.isEmpty, "fx refused or misdated \(failures.count) lines, first: \(failures.prefix(3))")
        let report = try Self.runOracle(records)
        #expect(report.status == 0, "\(report.output.split(separator: "\n").prefix(6).joined(separator: "\n"))")
        // The oracle counts the ties itself: every constructed one, and the hand-written ones, must be one.
        let summary = report.output.split(separator: "\n").last { $0.hasPrefix("checked \(cases.count) cases, ") }
        let ties = summary.flatMap { Int($0.split(separator: " ")[3]) } ?? 0
        #expect(ties >= Self.constructedTies + OracleGenerator.handTies.count, "\(report.output.suffix(300))")
    }

    /// `result`, `currency` and the terms' days from fx's `--json`.
    static func answer(_ json: String) -> (result: String, currency: String, dates: [String])? {
        guard let object = jsonAnswer(json),
            let result = object["result"] as? String, let currency = object["currency"] as? String
        else { return nil }
        let terms = object["terms"] as? [[String: Any]] ?? []
        return (result, currency, terms.compactMap { $0["as_of"] as? String })
    }

    /// Writes the cases and runs the oracle on them with the fixtures it reads.
    static func runOracle(_ records: [[String: Any]]) throws -> (status: Int32, output: String) {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = here.deletingLastPathComponent().deletingLastPathComponent()
        let directory = makeTemporaryDirectory("fx-oracle")
        defer { try? FileManager.default.removeItem(at: directory) }
        let casesFile = directory.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: records).write(to: casesFile)
        let outputFile = directory.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", here.appendingPathComponent("Oracle/calculator_oracle.py").path, casesFile.path,
            root.appendingPathComponent("Tests/FXTestSupport/Fixtures/eurofxref-hist.csv").path,
            root.appendingPathComponent("Scripts/iso4217-list-one.xml").path,
            root.appendingPathComponent("Scripts/iso4217-historic.tsv").path,
        ]
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: outputFile), as: UTF8.self))
    }
}

extension CalculatorOracleTests {
    /// A `--json` session on the built-in rates and the whole ECB history, as `HelpExamplesRunTests` runs help's examples.
    static func session(json: Bool = true) -> (session: Session, out: StringOutput, err: StringOutput) {
        let clock = FixedClock(ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!)
        let service = RateService(
            sources: [HelpExamplesRunTests.BuiltInSource()], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        let history = HistoryService(
            sources: [HelpExamplesRunTests.UnaskedHistory()], store: MemoryHistoryStore([HelpExamplesRunTests.history]), clock: clock)
        let executor = Executor(
            service: service, history: history,
            config: ConfigEditor(path: makeTemporaryDirectory("fx-oracle-config").appendingPathComponent("config.json").path),
            clock: clock)
        let out = StringOutput(), err = StringOutput()
        let session = Session(
            parser: Parser(), executor: executor, clock: clock,
            presentation: Session.Presentation(json: json, style: Style(color: false), forPerson: false), out: out, err: err)
        return (session, out, err)
    }
}
