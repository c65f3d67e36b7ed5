import FXTestSupport
import Foundation
import Testing

/// Once Frankfurter v2's currencies are cached (`refresh frankfurter` from a loopback server
/// serving every ISO 4217 currency), TAB offers them all, each with its name: at the fx> prompt
/// and to the shells (`fx --complete`), not only the ECB's thirty.
@Suite(.serialized) struct CachedCurrencyCompletionTests {
    @Test func completeOffersWhatTheCacheCoversOnceRefreshed() throws {
        let (server, fx) = try WorldCurrenciesTests.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        let words = ["--complete", "--", "convert", "100", "usd", "n"]
        // Nothing cached: the ECB's currencies (its built-in rates), as before.
        #expect(try fx.run(words).stdout == "NOK\nNZD\n")
        let refresh = try fx.run(["refresh", "frankfurter"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let requests = server.requests.count
        let offered = try fx.run(words).stdout.split(separator: "\n").map(String.init)
        let served = WorldCurrenciesTests.rows.map(\.code.rawValue).filter { $0.hasPrefix("N") }
        #expect(offered == served.sorted(), "\(offered)")
        #expect(offered.contains("NGN"))
        // Completing reads the cache and asks no source.
        #expect(server.requests.count == requests)
    }

    @Test(.enabled(if: TmuxTerminal.available))
    func thePromptListsACachedCurrencyWithItsNameAfterARefresh() throws {
        let (server, fx) = try WorldCurrenciesTests.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        var environment = fx.environment
        environment["TERM"] = "xterm"
        let terminal = try TmuxTerminal(command: "\(try FXRunner.binary().path); sleep 60", environment: environment)
        defer { terminal.close() }
        try terminal.waitFor { $0.contains("fx>") }
        try terminal.send("refresh frankfurter", "Enter")
        try terminal.waitFor { $0.components(separatedBy: "fx>").count >= 3 }
        // The first TAB inserts what NGN, NOK, NZD… share ("N"), the second lists them with their names.
        try terminal.send("convert 100 usd n", "Tab", "Tab")
        let listing = try terminal.waitFor { $0.contains("NGN  Naira") }
        #expect(listing.contains("NGN  Naira"), "\(listing)")
        #expect(listing.contains("NOK  Norwegian Krone"), "\(listing)")
    }
}
