import FXTestSupport
import Foundation
import Testing

/// `set log off` stops the conversion log that bare `history` lists, for this run and the next
/// (it is kept in the config); `set log on` starts it again. The entries already kept stay.
struct ConversionLogSwitchTests {
    private func loggedLines(_ fx: FXRunner) -> [String] {
        let log = fx.home.appendingPathComponent("state/fx/log.jsonl")
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    @Test func setLogOffStopsTheLogAndIsKeptForTheNextRun() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        #expect(try fx.run(["--offline", "100", "usd", "eur"]).status == 0)
        #expect(loggedLines(fx).count == 1)

        let off = try fx.run(["set", "log", "off"])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout.hasPrefix("conversions no longer logged (those logged stay); kept in "), "\(off.stdout)")
        let config = try String(contentsOf: fx.home.appendingPathComponent("config/fx/config.json"), encoding: .utf8)
        #expect(config.contains(#""log" : false"#) || config.contains(#""log": false"#), "\(config)")
        #expect(try fx.run(["settings"]).stdout.contains(/log +off/))

        #expect(try fx.run(["--offline", "200", "usd", "eur"]).status == 0)
        #expect(loggedLines(fx).count == 1)
        #expect(loggedLines(fx).first?.contains(#""line":"100 usd eur""#) == true)

        let on = try fx.run(["set", "log", "on"])
        #expect(on.stdout.hasPrefix("conversions now kept in the log that history lists"), "\(on.stdout)")
        #expect(try fx.run(["--offline", "300", "usd", "eur"]).status == 0)
        #expect(loggedLines(fx).count == 2)
    }

    @Test func aWordOtherThanOnOrOffIsRefusedWithTheChoices() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["set", "log", "maybe"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("on") && result.stderr.contains("off"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fx.home.appendingPathComponent("config/fx/config.json").path))
    }
}
