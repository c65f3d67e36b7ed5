import FXRates
import FXTestSupport
import Foundation
import Testing

/// A long session (a script, the prompt) and another fx that refreshes the same cache.
struct RateServiceSharedCacheTests {
    @Test func aRefreshByAnotherProcessReachesARunningSessionWithinASecond() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.path("cache")
        try FileRateStore(directory: directory).save(Sample.fridayEntry())
        let clock = FixedClock(frankfurt("2026-11-02", 12))
        let source = FakeRateSource()
        let service = RateService(
            sources: [source], store: FileRateStore(directory: directory), clock: clock, usage: MemoryUsageStore())
        #expect(try await service.quote(from: .eur, to: code("USD")).rate == dec("1.1172"))

        // Another fx (a cron `fx refresh`) replaces the file with Monday's table.
        try FileRateStore(directory: directory).save(
            CachedRates(source: .ecb, table: Sample.monday, fetchedAt: frankfurt("2026-11-02", 12)))
        #expect(try await service.quote(from: .eur, to: code("USD")).rate == dec("1.1172"), "held for up to a second")
        clock.advance(by: 1.5)
        let quote = try await service.quote(from: .eur, to: code("USD"))
        #expect(quote.rate == dec("1.1201"))
        #expect(quote.provenance.date == day("2026-11-02"))
        #expect(source.calls == 0, "read from the cache, not fetched")
    }

    @Test func aStoreWithoutVersionsIsReadOnce() async throws {
        let store = MemoryRateStore([Sample.fridayEntry()])
        let clock = FixedClock(frankfurt("2026-11-02", 12))
        let service = RateService(sources: [FakeRateSource()], store: store, clock: clock, usage: MemoryUsageStore())
        _ = try await service.quote(from: .eur, to: code("USD"))
        try store.save(CachedRates(source: .ecb, table: Sample.monday, fetchedAt: frankfurt("2026-11-02", 12)))
        clock.advance(by: 5)
        #expect(try await service.quote(from: .eur, to: code("USD")).rate == dec("1.1172"))
    }
}
