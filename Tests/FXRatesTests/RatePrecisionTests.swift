import FXRates
import Foundation
import FXTestSupport
import Testing

/// Rates published with few significant digits: counted, preferred against, said, and kept in the cache.
@Suite struct RatePrecisionTests {
    static let boc = SourceID("boc")
    static let now = frankfurt("2026-10-30", 17)

    /// A Bank of Canada–like table whose IDR was published as 0.000081 (two digits).
    static let coarseTable = RateTable(
        base: code("CAD"), date: day("2026-10-30"),
        rates: [code("USD"): dec("0.7173"), code("IDR"): dec("12345.679012345679012345679012345679012")],
        coarse: [code("IDR"): 81])

    func service(_ sources: [FakeRateSource], store: MemoryRateStore = MemoryRateStore()) -> RateService {
        RateService(sources: sources, store: store, clock: FixedClock(Self.now), usage: MemoryUsageStore())
    }

    func coarseSource() -> FakeRateSource {
        FakeRateSource(id: Self.boc, name: "Bank of Canada", [.success(.fetched(Self.coarseTable, Validators()))])
    }

    @Test func significantDigitsComeFromThePublishedText() {
        #expect(RatePrecision.significand(of: "0.000081") == 81)
        #expect(RatePrecision.significand(of: "1.0956") == 10956)
        // Trailing zeros after the point are published precision, though Decimal drops them.
        #expect(RatePrecision.significand(of: "136.00") == 13600)
        #expect(RatePrecision.digits(13600) == 5)
        #expect(CoarseRate(source: Self.boc, sourceName: "", currency: code("IDR"), significand: 81).digits == 2)
    }

    @Test func theBankOfCanadaDecoderKeepsWhichRatesAreCoarse() throws {
        let json = #"{"observations":[{"d":"2026-10-30","FXUSDCAD":{"v":"1.3706"},"FXIDRCAD":{"v":"0.000081"}}]}"#
        let table = try ValetDecoder.latest(Data(json.utf8), notAfter: day("2026-10-30"))
        #expect(table.coarse == [code("IDR"): 81])
    }

    @Test func aPreciseSourceAnswersBeforeACoarseOneFirstInOrder() async throws {
        let boc = coarseSource()
        let ecb = FakeRateSource(answering: Sample.friday)
        let service = service([boc, ecb])
        let quote = try await service.quote(from: code("USD"), to: code("IDR"))
        #expect(quote.provenance.source == .ecb)
        #expect(quote.coarse == nil)
        #expect(await service.takeDiagnostics() == [])
    }

    @Test func aCoarseRateAloneAnswersAndSaysHowPreciseItIs() async throws {
        let ecb = FakeRateSource(failing: .httpStatus(503))
        let service = service([ecb, coarseSource()])
        let quote = try await service.quote(from: code("USD"), to: code("IDR"))
        #expect(quote.provenance.source == Self.boc)
        let expected = CoarseRate(source: Self.boc, sourceName: "Bank of Canada", currency: code("IDR"), significand: 81)
        #expect(quote.coarse == expected)
        #expect(await service.takeDiagnostics().contains(.coarseRate(expected)))
    }

    @Test func aCrossRateIsAsPreciseAsItsCoarsestLeg() async throws {
        // The ECB prices USD and EUR but (here) not IDR; the cross through CAD's table carries IDR's two digits.
        var euro = Sample.friday
        euro = RateTable(base: euro.base, date: euro.date, rates: euro.rates.filter { $0.key != code("IDR") })
        let ecb = FakeRateSource(answering: euro)
        let quote = try await service([ecb, coarseSource()]).quote(from: code("EUR"), to: code("IDR"))
        #expect(quote.coarse?.significand == 81)
    }

    @Test func theCacheKeepsWhichRatesAreCoarse() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-precision-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileRateStore(directory: directory.path)
        try store.save(CachedRates(source: Self.boc, table: Self.coarseTable, fetchedAt: Self.now))
        let loaded = FileRateStore(directory: directory.path).load()
        #expect(loaded.entries[Self.boc]?.table.coarse == [code("IDR"): 81])
    }
}
