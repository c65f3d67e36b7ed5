import FXShell
import Foundation
import FXTestSupport
import Testing

@Suite("Session in JSON mode")
struct JSONSessionTests {
    func object(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test
    func aBadLinePrintsAnErrorObjectOnStdoutAndTheMessageOnStderr() async throws {
        let shell = ShellHarness(json: true)
        #expect(await shell.session.run("100 usd eux", number: 2) == .failed(2))
        let lines = shell.out.text.split(separator: "\n")
        #expect(lines.count == 1)
        let error = try #require(try object(lines[0])["error"] as? [String: Any])
        #expect(error["code"] as? String == "unknown_currency")
        #expect(error["message"] as? String == "Unknown currency 'EUX'. Did you mean 'EUR'?")
        #expect(error["line"] as? Int == 2)
        #expect(shell.err.text == "fx: line 2: Unknown currency 'EUX'. Did you mean 'EUR'?\n")
    }

    @Test
    func aGoodLinePrintsOneObject() async throws {
        let shell = ShellHarness(json: true)
        #expect(await shell.session.run("100 usd eur") == .ok)
        let lines = shell.out.text.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(jsonAnswer(String(lines[0]))?["result"] as? String == "89.51")
    }

    @Test
    func aNoRateFailureIsAnObjectToo() async throws {
        let shell = ShellHarness(json: true)
        #expect(await shell.session.run("100 usd kwd") == .failed(1))
        let error = try #require(try object(shell.out.text.split(separator: "\n")[0])["error"] as? [String: Any])
        #expect(error["code"] as? String == "no_rate")
    }
}
