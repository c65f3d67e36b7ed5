import Foundation
import FXTestSupport
import Testing
@testable import FXRates

/// The one rule both services follow after a failed fetch: the cache, else the built-in rates, said.
@Suite("Fetch fallback")
struct FetchFallbackTests {
    static let failure = FetchFailure.httpStatus(503)
    static let checked = utc("2026-11-02T14:59:30Z")

    @Test func theCacheAnswersFirstAndTheBuiltInRatesAreNotEvenMade() throws {
        let fallback = try FetchFallback<String>.after(
            Self.failure, source: .ecb, sourceName: "ECB",
            cached: ("cached", day("2026-10-30"), Self.checked),
            builtIn: {
                Issue.record("built-in rates made"); return nil
            }
        ).get()
        #expect(fallback.table == "cached" && fallback.origin == .cache)
        #expect(
            fallback.diagnostic
                == .fetchFailed(
                    source: .ecb, sourceName: "ECB", failure: Self.failure,
                    fallback: .cached(day("2026-10-30"), fetchedAt: Self.checked)))
    }

    @Test func withoutACacheTheBuiltInRatesAnswer() throws {
        let fallback = try FetchFallback<String>.after(
            Self.failure, source: .ecb, sourceName: "ECB", cached: nil,
            builtIn: { ("built in", day("2026-10-30")) }
        ).get()
        #expect(fallback.table == "built in" && fallback.origin == .builtIn)
        #expect(
            fallback.diagnostic
                == .fetchFailed(source: .ecb, sourceName: "ECB", failure: Self.failure, fallback: .builtIn(day("2026-10-30"))))
    }

    @Test func withNeitherTheFailureIsTheAnswer() {
        let result = FetchFallback<String>.after(Self.failure, source: .ecb, sourceName: "ECB", cached: nil, builtIn: { nil })
        #expect(throws: RateError.unavailable(source: .ecb, sourceName: "ECB", failure: Self.failure)) { try result.get() }
    }
}
