import Foundation
import FXTestSupport
import Testing
import FXRates

/// Institutions read through Frankfurter v2's provider routes: their own digits, base and dates.
@Suite("Frankfurter v2 institutions")
struct FrankfurterInstitutionTests {
    private static func source(_ institution: FrankfurterInstitution, _ fixture: String) throws -> (
        FrankfurterInstitutionSource, FakeTransport
    ) {
        let transport = FakeTransport(
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: try Fixture.data(fixture))))
        return (FrankfurterInstitutionSource(institution, transport: transport), transport)
    }

    @Test func hmrcMonthlyRates() async throws {
        let (source, transport) = try Self.source(.hmrc, "frankfurter-v2/provider-hmrc-rates-2026-09-01.constructed.json")
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("no table"); return }
        #expect(table.base == code("GBP") && table.date == day("2026-09-01"))
        // HMRC's own four decimals.
        #expect(table.rates[.usd] == dec("1.3554") && table.rates[.eur] == dec("1.1681") && table.rates[code("JPY")] == dec("215.6954"))
        #expect(source.basis(of: [code("GBP"), .usd], in: table) == "HMRC monthly rate for September 2026")
        #expect(transport.requests.first?.url.absoluteString == "https://api.frankfurter.dev/v2/providers/hmrc/rates?base=GBP")
        // Next month's file appears about two weeks before the 1st.
        #expect(source.nextPublication(after: day("2026-09-01")) == utc("2026-09-17T00:00:00Z"))
    }

    @Test func treasuryQuarterlyRatesKeepEachRowsDate() async throws {
        let (source, _) = try Self.source(.ust, "frankfurter-v2/provider-ust-rates-2026-08-31.constructed.json")
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("no table"); return }
        #expect(table.base == .usd && table.date == day("2026-08-31"))
        #expect(table.date(of: .eur) == day("2026-06-30") && table.date(of: code("KRW")) == day("2026-08-31"))
        #expect(table.rates[code("KRW")] == dec("1367.46"))
        #expect(source.basis(of: [.usd, .eur], in: table) == "US Treasury quarterly rate of 2026-06-30")
        #expect(source.basis(of: [.usd, code("BOB")], in: table) == "US Treasury quarterly rate of 2026-07-15")
        #expect(source.nextPublication(after: day("2026-06-30")) == utc("2026-09-30T00:00:00Z"))
        #expect(source.nextPublication(after: day("2026-08-31")) == utc("2026-09-30T00:00:00Z"))
        #expect(source.nextPublication(after: day("2026-09-30")) == utc("2026-12-31T00:00:00Z"))
    }

    @Test func historyComesFromTheProviderRoute() async throws {
        let body =
            #"{"date":"2026-08-01","base":"GBP","quote":"EUR","rate":1.1545}"# + "\n"
            + #"{"date":"2026-09-01","base":"GBP","quote":"EUR","rate":1.1681}"# + "\n"
        let transport = FakeTransport(
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/x-ndjson"], body: Data(body.utf8))))
        let source = FrankfurterInstitutionSource(.hmrc, transport: transport)
        let history = try await source.fetchHistory(from: day("2026-08-01"), through: day("2026-09-30"), today: day("2026-09-11"))
        #expect(history.days == [day("2026-08-01"), day("2026-09-01")])
        #expect(history.columns[.eur] == [dec("1.1545"), dec("1.1681")])
        #expect(
            transport.requests.first?.url.absoluteString
                == "https://api.frankfurter.dev/v2/providers/hmrc/rates?from=2026-08-01&to=2026-09-30&base=GBP")
        #expect(transport.requests.first?.headers["Accept"] == "application/x-ndjson")
    }

    @Test func registeredUnderFrankfurterAndOffUntilNamed() {
        for id in ["hmrc", "ust", "nbp"] {
            let about = SourceRegistry.standard[SourceID(id)]
            #expect(about?.relayedBy == .frankfurter && about?.onByDefault == false && about?.capabilities.history == .ranges, "\(id)")
        }
        #expect(SourceRegistry.standard[.ecb]?.relayedBy == nil && SourceRegistry.standard[SourceID("boc")]?.relayedBy == nil)
    }
}
