import Foundation
import FXTestSupport
import Testing
import FXRates

/// An institution's own figures through Frankfurter v2, against a relay that serves NBP's table A
/// as the server does: stored `{base: "USD", quote: "PLN", rate: mid}`, echoed only when asked in
/// the stored row's base, any other record rebased by float division and rounded by `Roundable`.
/// Every figure fx holds must give back NBP's own, for every currency and day of the fixture
/// (JPY, HUF, ISK, CLP, INR and KRW quoted per 100, IDR per 10,000).
@Suite("Frankfurter v2 institutions: each figure as published")
struct FrankfurterInstitutionOwnRowsTests {
    static let relay = NBPRelay.tableA
    static let pln = NBPRelay.pln

    /// Places of one unit's figure: 4, 6 for the currencies table A quotes per 100, 8 for IDR.
    static func places(_ code: CurrencyCode) -> Int {
        ["HUF", "JPY", "ISK", "CLP", "INR", "KRW"].contains(code.rawValue) ? 6 : code.rawValue == "IDR" ? 8 : 4
    }

    /// What fx makes of the units per PLN it holds for `code`: the rule's figure (its inverse at the
    /// published places) and a million units converted to PLN as an answer converts them.
    static func expectNBPsFigure(
        _ unitsPerPLN: Decimal?, _ code: CurrencyCode, on day: Day, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let unitsPerPLN, let mid = relay.mid(code, on: day) else {
            Issue.record("no \(code) on \(day)", sourceLocation: sourceLocation)
            return
        }
        #expect((1 / unitsPerPLN).rounded(scale: places(code)) == mid, "\(code) \(day)", sourceLocation: sourceLocation)
        let quote = Quote(
            from: code, to: pln, fromPerBase: unitsPerPLN, toPerBase: 1,
            provenance: Provenance(source: SourceID("nbp"), sourceName: "NBP", date: day, fetchedAt: nil, origin: .network))
        #expect(quote.convert(1_000_000, places: 2) == 1_000_000 * mid, "\(code) \(day)", sourceLocation: sourceLocation)
    }

    @Test func eachInstitutionSaysWhichSideItsRowsQuote() {
        #expect(FrankfurterInstitution.nbp.quoting == .pivotPerUnit)
        #expect(FrankfurterInstitution.hmrc.quoting == .unitsPerPivot && FrankfurterInstitution.ust.quoting == .unitsPerPivot)
    }

    /// One request per currency asked, in that currency's base: `base=CHF&quotes=PLN`, over the days asked.
    @Test func nbpHistoryHoldsEachTableAsPublished() async throws {
        let transport = NBPRelayTransport()
        let source = FrankfurterInstitutionSource(.nbp, transport: transport)
        #expect(source.asksByCurrency)
        let first = try #require(Self.relay.days.first), last = try #require(Self.relay.days.last)
        let history = try await source.fetchHistory(from: first, through: last, today: last, quotes: Set(Self.relay.codes + [Self.pln]))
        #expect(history.base == Self.pln && history.days == Self.relay.days)
        for (index, day) in history.days.enumerated() {
            for code in Self.relay.codes { Self.expectNBPsFigure(history.rate(code, at: index), code, on: day) }
        }
        let asked = transport.requests.compactMap { $0.url.query }.sorted()
        #expect(asked.count == Self.relay.codes.count, "\(asked)")
        #expect(asked.contains("from=\(first)&to=\(last)&base=CHF&quotes=PLN"), "\(asked)")
        #expect(asked.allSatisfy { $0.hasSuffix("&quotes=PLN") && !$0.contains("base=PLN") }, "\(asked)")
    }

    /// A whole table (no currencies named): the currencies of the days from one request in the
    /// złoty's base, each figure from its own currency's request.
    @Test func nbpWholeTablesHoldEachFigureAsPublished() async throws {
        let transport = NBPRelayTransport()
        let source = FrankfurterInstitutionSource(.nbp, transport: transport)
        let from = Day(iso: "2024-03-25")!, to = Day(iso: "2024-04-05")!
        let history = try await source.fetchHistory(from: from, through: to, today: Self.relay.today)
        #expect(history.days == Self.relay.days.filter { $0 >= from && $0 <= to })
        #expect(Set(history.columns.keys) == Set(Self.relay.codes))
        for (index, day) in history.days.enumerated() {
            for code in Self.relay.codes { Self.expectNBPsFigure(history.rate(code, at: index), code, on: day) }
        }
        #expect(transport.requests.count == 1 + Self.relay.codes.count)
    }

    @Test func nbpLatestTableHoldsEachFigureAsPublished() async throws {
        let transport = NBPRelayTransport()
        let source = FrankfurterInstitutionSource(.nbp, transport: transport)
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("no table"); return }
        #expect(table.base == Self.pln && table.date == Self.relay.today)
        #expect(Set(table.rates.keys) == Set(Self.relay.codes))
        for code in Self.relay.codes { Self.expectNBPsFigure(table.rates[code], code, on: Self.relay.today) }
        #expect(source.basis(of: [.usd, Self.pln], in: table) == "NBP daily rate of \(Self.relay.today)")
        let asked = transport.requests.compactMap { $0.url.query }
        #expect(asked.count == 1 + Self.relay.codes.count && asked.contains("base=USD&quotes=PLN"), "\(asked)")
    }

    /// A currency NBP does not publish comes back with no rows: it is left out (the question then
    /// says NBP does not publish it), never a failure that would hold the source back.
    @Test func aCurrencyNBPDoesNotPublishIsLeftOut() async throws {
        let transport = NBPRelayTransport()
        let source = FrankfurterInstitutionSource(.nbp, transport: transport)
        let day = Day(iso: "2024-03-01")!, aed = CurrencyCode("AED")!
        let both = try await source.fetchHistory(from: day, through: day, today: Self.relay.today, quotes: [.usd, aed, Self.pln])
        #expect(both.days == [day] && !both.covers(aed))
        Self.expectNBPsFigure(both.rate(.usd, at: 0), .usd, on: day)
        // Alone, the złoty's table says the days (and that the server answers at all).
        let alone = try await source.fetchHistory(from: day, through: day, today: Self.relay.today, quotes: [aed, Self.pln])
        #expect(alone.days == [day] && alone.columns.isEmpty)
        #expect(
            transport.requests.compactMap { $0.url.query }.suffix(2)
                == ["from=2024-03-01&to=2024-03-01&base=AED&quotes=PLN", "from=2024-03-01&to=2024-03-01&base=PLN"])
    }

    /// A server answering nothing at all is an error, not a table without currencies.
    @Test func aServerAnsweringNothingFails() async {
        let transport = FakeTransport(.success(HTTPResponse(status: 200, headers: ["Content-Type": "application/x-ndjson"])))
        let source = FrankfurterInstitutionSource(.nbp, transport: transport)
        let failure = await thrownFailure { () async throws(FetchFailure) in
            _ = try await source.fetchHistory(since: day("2024-03-01"), today: day("2024-03-05"), quotes: [.usd])
        }
        #expect(failure == .emptyBody)
    }

    /// A rule reads NBP though it is off: wrapped as asked only when named, it still asks currency by currency.
    @Test func askedOnlyWhenNamedItStillAsksByCurrency() async throws {
        let transport = NBPRelayTransport()
        let named = NamedOnlyHistory(id: SourceID("nbp")) { FrankfurterInstitutionSource(.nbp, transport: transport) }
        #expect(named.asksByCurrency && named.answersOnlyWhenNamed)
        let day = Day(iso: "2024-03-01")!
        let history = try await named.fetchHistory(from: day, through: day, today: Self.relay.today, quotes: [.usd, Self.pln])
        Self.expectNBPsFigure(history.rate(.usd, at: 0), .usd, on: day)
        _ = try await named.fetchHistory(since: day, today: Self.relay.today, quotes: [.usd])
        #expect(
            transport.requests.compactMap { $0.url.query } == [
                "from=2024-03-01&to=2024-03-01&base=USD&quotes=PLN", "from=2024-03-01&base=USD&quotes=PLN",
            ])
    }

    /// HMRC's rows are stored against the pound: asked in the pound's base, one request.
    @Test func hmrcIsStillAskedInItsOwnBase() async throws {
        let transport = FakeTransport(
            .success(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/x-ndjson"],
                    body: Data((#"{"date":"2026-09-01","base":"GBP","quote":"USD","rate":1.3554}"# + "\n").utf8))))
        let source = FrankfurterInstitutionSource(.hmrc, transport: transport)
        #expect(!source.asksByCurrency)
        let history = try await source.fetchHistory(
            since: day("2026-09-01"), today: day("2026-09-11"), quotes: [code("GBP"), .usd, .eur])
        #expect(history.columns[.usd] == [dec("1.3554")])
        #expect(transport.requests.map { $0.url.query ?? "" } == ["from=2026-09-01&base=GBP"])
    }
}
