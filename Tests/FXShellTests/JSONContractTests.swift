import FXAnswers
import FXRender
import FXShell
import Foundation
import FXTestSupport
import Testing

/// The JSON contract (`Documentation/fx.schema.json`): every kind of answer a session writes under
/// `--json` follows it, a renamed key breaks it, and one target has the shape of several.
@Suite("The JSON contract")
struct JSONContractTests {
    /// One line of each kind of answer the fixed table can give, and errors.
    static let lines = [
        "100 usd eur", "100 usd eur jpy", "rate usd jpy", "rate usd jpy gbp", "rate eur", "100 usd + 20 eur in gbp",
        "100 usd in eur, gbp", "usd jpy > 150", "usd jpy < 150", "settings", "vars", "rent = 1450 usd", "rent in eur", "help",
        "100 usd eux", "100 usd kwd", "sources", "refresh",
    ]

    @Test(arguments: lines)
    func everyAnswerFollowsTheSchema(line: String) async throws {
        let shell = ShellHarness(json: true)
        _ = await shell.session.run(line)
        let documents = shell.out.text.split(separator: "\n")
        #expect(!documents.isEmpty)
        for document in documents {
            #expect(JSONSchemaCheck.fx.problems(in: String(document)) == [], "\(document)")
            #expect(document.hasPrefix(#"{"schema_version":1,"#))
        }
    }

    @Test
    func aRenamedKeyFailsTheSchema() async throws {
        let shell = ShellHarness(json: true)
        #expect(await shell.session.run("100 usd eur") == .ok)
        let document = shell.out.text.trimmingCharacters(in: .newlines)
        #expect(JSONSchemaCheck.fx.problems(in: document) == [])
        let renamed = document.replacingOccurrences(of: #""as_of":"#, with: #""asOf":"#)
        #expect(
            JSONSchemaCheck.fx.problems(in: renamed).contains("$.conversions[0]: unexpected key asOf"),
            "\(JSONSchemaCheck.fx.problems(in: renamed))")
        let unversioned = document.replacingOccurrences(of: #""schema_version":1,"#, with: "")
        #expect(JSONSchemaCheck.fx.problems(in: unversioned).contains("$: missing schema_version"))
        let floating = document.replacingOccurrences(of: #""result":"89.51""#, with: #""result":89.51"#)
        #expect(JSONSchemaCheck.fx.problems(in: floating).contains("$.conversions[0].result: expected string, found number"))
    }

    @Test
    func oneTargetHasTheShapeOfSeveral() async throws {
        func keys(_ line: String) async throws -> [[String]] {
            let shell = ShellHarness(json: true)
            _ = await shell.session.run(line)
            let document = try ParsedJSON.parse(Data(shell.out.text.utf8))
            guard case .object(let members) = document else { return [] }
            let list = members.first { ["conversions", "rates", "results"].contains($0.0) }?.1
            guard case .array(let items)? = list else { return [members.map(\.0)] }
            return [members.map(\.0)] + items.map { item in if case .object(let inner) = item { inner.map(\.0) } else { [] } }
        }
        #expect(try await keys("100 usd eur") == Array(try await keys("100 usd eur jpy").prefix(2)))
        #expect(try await keys("rate usd jpy") == Array(try await keys("rate usd jpy gbp").prefix(2)))
        #expect(try await keys("100 usd + 1 eur in gbp") == Array(try await keys("100 usd + 1 eur in gbp, jpy").prefix(2)))
    }

    @Test
    func theLogAndJSONNameTheRatesDayAlike() {
        let entry = ConversionLogEntry(
            time: ShellHarness.now, line: "1 usd eur", result: "0.90 EUR", rate: "0.9", source: .ecb, asOf: FixedTableSource.day)
        #expect(entry.jsonLine.contains(#""as_of":"2026-10-30""#))
        #expect(!entry.jsonLine.contains("asOf"))
        let history = LogRenderer.json([entry]).serialized
        #expect(history.contains(#""as_of":"2026-10-30""#))
    }

    @Test
    func aLogWrittenBeforeTheContractStillReads() throws {
        let old = #"{"asOf":"2026-10-30","line":"1 usd eur","rate":"0.9","result":"0.90 EUR","source":"ecb","time":"2026-10-30T17:00:00Z"}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let entry = try decoder.decode(ConversionLogEntry.self, from: Data(old.utf8))
        #expect(entry.asOf == FixedTableSource.day)
    }

    @Test
    func csvUnderJSONIsRefusedNotPassedOffAsJSON() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.csv")
        try Data("Date,Amount,Currency\n2026-10-30,100,USD\n".utf8).write(to: file)
        let shell = ShellHarness(json: true)
        let status = await shell.session.run("csv \(file.path) --amount Amount --currency Currency --date Date --to eur")
        #expect(status == .failed(2))
        let document = shell.out.text.trimmingCharacters(in: .newlines)
        #expect(JSONSchemaCheck.fx.problems(in: document) == [])
        #expect(document.contains(#""code":"json_not_supported""#))
        #expect(shell.err.text.contains("csv writes CSV records, not JSON"))
    }
}
