import FXRates
import FXTestSupport
import Foundation
import Testing

/// Offline, a dated question about a currency only the blend publishes, on a first run: the
/// built-in ECB history lacks it and Frankfurter holds nothing, which is no reason to say that
/// nobody publishes it; the answer says it has never been fetched for that day, and what to do.
@Suite struct NeverFetchedDayTests {
    @Test func offlineADayNeverFetchedIsSaidSo() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "100", "usd", "kes", "on", "2026-09-01"])
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "fx: No KES rate for 2026-09-01 here: it has never been fetched from Frankfurter for that day; ask again without --offline to fetch it.\n",
            "\(result.stderr)")
        let json = try fx.run(["--offline", "--json", "100", "usd", "kes", "on", "2026-09-01"])
        #expect(json.stdout.contains(#""code":"history_not_fetched""#), "\(json.stdout)")
    }
}
