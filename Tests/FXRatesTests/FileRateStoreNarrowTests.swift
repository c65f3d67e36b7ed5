import Foundation
import FXTestSupport
import Testing
import FXRates

/// The cache read for one question's currencies only (`FileRateStore.load(keeping:)`, the first
/// quote of a run): with a 219-currency blend cached, it answers exactly as the whole file does.
@Suite("File rate store: narrowed read")
struct FileRateStoreNarrowTests {
    static let now = frankfurt("2026-10-30", 17)
    /// The ECB's Friday table and a Frankfurter-like blend of 219 currencies (EUR base): a third
    /// of the rows a day older, each with one or three institutions, one coarse row, one peg, an
    /// earlier table. It lacks JPY, so JPY against a currency only it has is a cross rate.
    static let blend: RateTable = {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let ecb = Sample.friday.currencies.filter { $0 != code("JPY") && $0 != code("EUR") }.map(\.rawValue)
        var made: [String] = []
        for first in "QVW" { for second in letters { for third in letters { made.append("\(first)\(second)\(third)") } } }
        let codes = Array((ecb + ["NGN", "AED"] + made.filter { !ecb.contains($0) }).prefix(219)).map(code)
        var rates: [CurrencyCode: Decimal] = [:], earlier: [CurrencyCode: Decimal] = [:]
        var rowDates: [CurrencyCode: Day] = [:], contributors: [CurrencyCode: [String]] = [:]
        for (index, currency) in codes.enumerated() {
            rates[currency] = currency == code("USD") ? dec("1.1172") : dec("\(10 + index).\(index * 7919 % 10000)")
            earlier[currency] = dec("\(11 + index).25")
            if index % 3 == 0 { rowDates[currency] = day("2026-10-29") }
            contributors[currency] = index % 2 == 1 ? ["ECB", "FRED", "BOC"] : ["CBN"]
        }
        rates[code("AED")] = dec("4.1029")
        contributors[code("AED")] = []
        return RateTable(
            base: .eur, date: day("2026-10-30"), rates: rates,
            previous: PreviousRates(date: day("2026-10-29"), rates: earlier), coarse: [code("QAC"): 2],
            rowDates: rowDates, contributors: contributors)
    }()

    static let entries = [
        CachedRates(source: .ecb, table: Sample.friday, fetchedAt: frankfurt("2026-10-30", 16, 5)),
        CachedRates(source: .frankfurter, table: blend, fetchedAt: frankfurt("2026-10-30", 16, 10)),
    ]

    func fileStore(_ directory: TemporaryDirectory) throws -> FileRateStore {
        let store = FileRateStore(directory: directory.path("cache"))
        for entry in Self.entries { try store.save(entry) }
        return store
    }

    func service(_ store: any RateStore) -> RateService {
        RateService(
            sources: [
                FakeRateSource(), FakeRateSource(id: .frankfurter, name: "Frankfurter"),
            ],
            store: store, clock: FixedClock(Self.now), options: RateService.Options(offline: true), usage: MemoryUsageStore())
    }

    static let pairs = [("USD", "NGN"), ("NGN", "QAB"), ("EUR", "USD"), ("QAC", "GBP"), ("AED", "USD"), ("JPY", "QAB"), ("QZZ", "USD")]

    @Test
    func aNarrowedReadHoldsTheAskedRowsAsTheWholeFileHasThemAndNoOthers() throws {
        let directory = try TemporaryDirectory()
        let store = try fileStore(directory)
        let whole = store.load()
        #expect(whole.diagnostics.isEmpty)
        #expect(whole.entries[.frankfurter]?.table.rates.count == 219)
        for (from, to) in Self.pairs {
            let asked: Set = [code(from), code(to)]
            let narrowed = store.load(keeping: asked)
            #expect(narrowed.diagnostics.isEmpty)
            // Entries fx wrote are left unread until their source is asked for (`deferred`).
            #expect(narrowed.entries.isEmpty && Set(narrowed.deferred.keys) == Set(whole.entries.keys))
            for (id, full) in whole.entries {
                let entry = try #require(narrowed.deferred[id]?())
                let table = entry.table
                #expect(Set(table.rates.keys).isSubset(of: asked))
                #expect(table.base == full.table.base && table.date == full.table.date)
                #expect(entry.fetchedAt == full.fetchedAt && entry.checkedAt == full.checkedAt)
                for currency in asked {
                    #expect(table.unitsPerBase(currency) == full.table.unitsPerBase(currency))
                    #expect(table.rowDates[currency] == full.table.rowDates[currency])
                    #expect(table.contributors[currency] == full.table.contributors[currency])
                    #expect(table.coarse[currency] == full.table.coarse[currency])
                    #expect(table.previous?.rates[currency] == full.table.previous?.rates[currency])
                }
            }
        }
    }

    @Test
    func theFirstQuoteFromTheFileIsTheOneTheWholeTablesGive() async throws {
        for (from, to) in Self.pairs {
            let directory = try TemporaryDirectory()
            let fromFile = service(try fileStore(directory))
            let fromMemory = service(MemoryRateStore(Self.entries))
            let expected = try? await fromMemory.quote(from: code(from), to: code(to))
            let answered = try? await fromFile.quote(from: code(from), to: code(to))
            #expect(answered == expected, "\(from) \(to)")
            #expect(await fromFile.takeDiagnostics() == (await fromMemory.takeDiagnostics()), "\(from) \(to)")
            // What the run holds after the first question is the whole table, not the two rows.
            let (table, _) = try await fromFile.latestTable(only: .frankfurter)
            #expect(table == Self.blend)
            let other = try await fromMemory.quote(from: code("QAB"), to: code("QBA"))
            #expect(try await fromFile.quote(from: code("QAB"), to: code("QBA")) == other)
        }
    }
}

/// The narrowed read of files fx did not write as it writes them, or that are damaged where the
/// narrowed read does not look: answered as the whole read answers, and damage still reported.
@Suite("File rate store: narrowed read of other files")
struct FileRateStoreNarrowOtherFilesTests {
    @Test
    func aCompactFileIsReadRowByRowWithTheSameRows() throws {
        let directory = try TemporaryDirectory()
        let store = try FileRateStoreNarrowTests().fileStore(directory)
        let whole = store.load()
        // The same JSON without its line breaks and indentation.
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: store.path)))
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: store.path))
        let asked: Set = [code("USD"), code("NGN")]
        let narrowed = store.load(keeping: asked)
        #expect(narrowed.diagnostics.isEmpty && narrowed.deferred.isEmpty)
        for (id, full) in whole.entries {
            let table = try #require(narrowed.entries[id]?.table)
            for currency in asked { #expect(table.unitsPerBase(currency) == full.table.unitsPerBase(currency)) }
        }
    }

    @Test
    func aDamagedRowOfAnEntryLeftUnreadIsReportedWhenThatSourceIsAsked() async throws {
        let directory = try TemporaryDirectory()
        let tests = FileRateStoreNarrowTests()
        let store = try tests.fileStore(directory)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        // NGN's rate in Frankfurter's entry made no number; the ECB's entry is sound.
        let entry = try #require(text.range(of: #""frankfurter""#))
        let rates = try #require(text.range(of: #""rates" : {"#, range: entry.upperBound..<text.endIndex))
        let ngn = try #require(text.range(of: #""NGN" : ""#, range: rates.upperBound..<text.endIndex))
        let damaged = text.replacingCharacters(in: ngn.upperBound..<text.index(ngn.upperBound, offsetBy: 2), with: "x!")
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: store.path))
        let service = tests.service(store)
        _ = try? await service.quote(from: code("USD"), to: code("NGN"))
        let diagnostics = await service.takeDiagnostics()
        #expect(diagnostics.contains { if case .cacheSetAside = $0 { true } else { false } }, "\(diagnostics)")
    }
}
