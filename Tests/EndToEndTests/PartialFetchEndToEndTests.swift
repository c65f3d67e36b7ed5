import FXRates
import FXTestSupport
import Foundation
import Testing

/// Issue 32: an exchange that lacks one asset keeps the others it priced. The built `fx` against a
/// loopback Coinbase (XRP answered 404 "Invalid currency", as Coinbase does for a pair it does not
/// list) and Kraken (XRPEUR left out of the Ticker answer, or the whole multi-pair request refused
/// as "Unknown asset pair", as Kraken does when one pair is unknown).
@Suite struct PartialFetchEndToEndTests {
    /// Kraken's answer for `pairs` asked at once: every market but XRPEUR, or (`refuseUnknown`)
    /// Kraken's real refusal of the whole request when XRPEUR is among several pairs.
    static func ticker(_ pairs: [String], refuseUnknown: Bool) -> LoopbackHTTPServer.Reply {
        let json = "application/json"
        if pairs.contains("XRPEUR") && (refuseUnknown || pairs.count == 1) {
            return .ok(sharedFixture("kraken/error-unknown-pair.json"), contentType: json)
        }
        let entries = pairs.compactMap { pair -> String? in
            guard pair != "XRPEUR", let key = CryptoEndToEndTests.keys[pair], let price = CryptoEndToEndTests.kraken[key] else {
                return nil
            }
            return #""\#(key)":{"a":["\#(price)","1","1.000"],"c":["\#(price)","0.1"],"o":"\#(price)"}"#
        }
        return .ok(Data(#"{"error":[],"result":{\#(entries.joined(separator: ","))}}"#.utf8), contentType: json)
    }

    static func server(refuseUnknown: Bool = false) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let parts = request.path.split(separator: "?", maxSplits: 1).map(String.init)
            let path = parts[0], query = parts.count > 1 ? parts[1] : ""
            if path == "/kraken/Ticker" {
                let pairs = query.split(separator: "&").first { $0.hasPrefix("pair=") }.map {
                    $0.dropFirst(5).split(separator: ",").map(String.init)
                }
                return ticker(pairs ?? [], refuseUnknown: refuseUnknown)
            }
            if path != "/coinbase/prices/XRP-USD/spot", let latest = CryptoEndToEndTests.latestRoutes[path] { return latest }
            if path.hasPrefix("/coinbase/") {
                return .response(
                    status: 404, headers: ["Content-Type": "application/json"],
                    body: sharedFixture("coinbase/error-404-invalid-currency.json"))
            }
            return .status(404, body: "not found")
        }
    }

    static func runner(_ server: LoopbackHTTPServer) -> FXRunner {
        var fx = FXRunner()
        for id in ["coinbase", "kraken"] {
            fx.environment["FX_\(id.uppercased())_URL"] = server.baseURL.appendingPathComponent("\(id)/").absoluteString
        }
        return fx
    }

    @Test func coinbaseKeepsEveryAssetThatAnsweredAndNamesTheOneThatDidNot() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }

        let refresh = try fx.run(["refresh", "coinbase"])
        #expect(refresh.status == 0, "\(refresh.stdout) \(refresh.stderr)")
        // USD and the four assets that answered.
        #expect(refresh.stdout.hasPrefix("coinbase: updated "), "\(refresh.stdout)")
        #expect(refresh.stdout.contains("(5 currencies with USD)"), "\(refresh.stdout)")
        // One warning, naming the asset, the source and Coinbase's reason; BTC is not blamed.
        #expect(
            refresh.stderr == "warning: Coinbase did not price XRP (Invalid currency (not_found)); its other prices are kept\n",
            "\(refresh.stderr)")
        let cache = try String(contentsOf: fx.cacheFile, encoding: .utf8)
        #expect(cache.contains(#""BTC""#) && cache.contains(#""LTC""#), "\(cache)")

        // The assets kept answer from the cache, without a request.
        let asked = server.requests.count
        let btc = try fx.run(["--source", "coinbase", "1", "btc", "usd"])
        #expect(btc.status == 0, "\(btc.stderr)")
        #expect(btc.stdout == "1 BTC = 66,971.67 USD\n", "\(btc.stdout)")
        #expect(btc.stderr == "", "\(btc.stderr)")
        #expect(server.requests.count == asked)

        // The one it lacks: why, from its last fetch, not a generic failure.
        let xrp = try fx.run(["--source", "coinbase", "1", "xrp", "usd"])
        #expect(xrp.status == 1, "\(xrp.stdout) \(xrp.stderr)")
        #expect(xrp.stdout == "")
        #expect(
            xrp.stderr
                == "fx: No rate for XRP: Coinbase did not price it in its last fetch (Invalid currency (not_found)); 'fx refresh coinbase' asks again.\n",
            "\(xrp.stderr)")
        let json = try fx.run(["--json", "--source", "coinbase", "1", "xrp", "usd"])
        #expect(json.stdout.hasPrefix(#"{"schema_version":1,"error":{"code":"not_priced","#), "\(json.stdout)")
        // A script reads what went unpriced from refresh's JSON too.
        let again = try fx.run(["--json", "refresh", "coinbase"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains(#""not_priced":{"XRP":"Invalid currency (not_found)"}"#), "\(again.stdout)")
    }

    @Test func everyAssetFailingLeavesTheCacheUntouched() throws {
        let server = try LoopbackHTTPServer { _ in
            .response(
                status: 404, headers: ["Content-Type": "application/json"], body: sharedFixture("coinbase/error-404-invalid-currency.json"))
        }
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        let refresh = try fx.run(["refresh", "coinbase"])
        #expect(refresh.status == 1, "\(refresh.stdout) \(refresh.stderr)")
        #expect(refresh.stdout == "coinbase: failed: BTC: Invalid currency (not_found)\n", "\(refresh.stdout)")
        #expect(!FileManager.default.fileExists(atPath: fx.cacheFile.path))
    }

    @Test func krakenKeepsTheMarketsOfAnAnswerThatLeavesOneOut() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        let refresh = try fx.run(["refresh", "kraken"])
        #expect(refresh.status == 0, "\(refresh.stdout) \(refresh.stderr)")
        #expect(refresh.stdout.hasPrefix("kraken: updated "), "\(refresh.stdout)")
        #expect(
            refresh.stderr == "warning: Kraken did not price XRP (its answer has no XRPEUR); its other prices are kept\n",
            "\(refresh.stderr)")
        #expect(server.requests.filter { $0.path.hasPrefix("/kraken/") }.count == 1)
        let eth = try fx.run(["--source", "kraken", "2", "eth", "eur"])
        #expect(eth.stdout == "2 ETH = 4,870.28 EUR\n", "\(eth.stdout) \(eth.stderr)")
        let xrp = try fx.run(["--source", "kraken", "1", "xrp", "eur"])
        #expect(xrp.status == 1)
        #expect(
            xrp.stderr
                == "fx: No rate for XRP: Kraken did not price it in its last fetch (its answer has no XRPEUR); 'fx refresh kraken' asks again.\n",
            "\(xrp.stderr)")
    }

    /// Kraken refuses a whole Ticker request when one of its pairs is unknown: fx then asks each
    /// market alone, keeps those that answer and names the one Kraken does not know.
    @Test func krakenRefusingTheWholeRequestIsAskedMarketByMarket() throws {
        let server = try Self.server(refuseUnknown: true)
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        let refresh = try fx.run(["refresh", "kraken"])
        #expect(refresh.status == 0, "\(refresh.stdout) \(refresh.stderr)")
        #expect(refresh.stdout.hasPrefix("kraken: updated "), "\(refresh.stdout)")
        #expect(
            refresh.stderr
                == "warning: Kraken did not price XRP (unknown asset pair (EQuery:Unknown asset pair)); its other prices are kept\n",
            "\(refresh.stderr)")
        // The refused request, then one per market: five assets and EUR/USD.
        let asked = server.requests.filter { $0.path.hasPrefix("/kraken/") }
        #expect(asked.count == 1 + 6, "\(asked.map(\.path))")
        #expect(try fx.run(["--source", "kraken", "1", "btc", "usd"]).stdout == "1 BTC = 66,970.81 USD\n")
        // usage.json counts every one of them.
        let usage = try String(contentsOf: fx.cacheFile.deletingLastPathComponent().appendingPathComponent("usage.json"), encoding: .utf8)
        #expect(usage.contains(#""requests" : 7"#) || usage.contains(#""requests":7"#), "\(usage)")
    }
}
