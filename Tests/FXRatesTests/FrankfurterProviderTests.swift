import Foundation
import FXTestSupport
import Testing
import FXRates

/// Frankfurter v2's `providers` route: the institutions it relays, read, kept and listed.
@Suite("Frankfurter v2 providers")
struct FrankfurterProviderTests {
    @Test func decodesTheServedFieldsAndSkipsUnknownOnes() throws {
        let providers = try FrankfurterProvider.decode(try Fixture.data("frankfurter-v2/providers.trimmed.json"))
        #expect(providers.map(\.key) == ["BAM", "BANREP", "FBIL"])
        let fbil = try #require(providers.last)
        #expect(fbil.name == "Financial Benchmarks India" && fbil.country == "IN" && fbil.pivot == "INR")
        #expect(fbil.rateType == "reference rate" && fbil.firstDay == day("2018-07-10") && fbil.lastDay == day("2026-04-22"))
        #expect(fbil.currencies == ["AED", "EUR", "GBP", "IDR", "INR", "JPY", "USD"])
        // This field set has no `publish_cadence`: the frequency stays unsaid, not guessed.
        #expect(fbil.frequency == nil)
    }

    @Test func readsTheCadenceOrTheNewerFrequencyField() throws {
        let providers = try FrankfurterProvider.decode(try Fixture.data("frankfurter-v2/providers-hmrc-ust.constructed.json"))
        #expect(providers.map(\.frequency) == ["monthly", "quarterly"])
        #expect(providers.map(\.sourceID) == [SourceID("hmrc"), SourceID("ust")])
        let newer =
            #"[{"key":"BOC","name":"Bank of Canada","frequency":"daily","coverage_start":"2017-01-03","end_date":null,"currencies":null}]"#
        let boc = try #require(try FrankfurterProvider.decode(Data(newer.utf8)).first)
        #expect(boc.frequency == "daily" && boc.firstDay == day("2017-01-03") && boc.lastDay == nil && boc.currencies.isEmpty)
    }

    @Test func refusesABodyThatIsNotAListOfProviders() {
        for body in [
            #"{"status":404,"message":"not found"}"#, #"[{"name":"no key"}]"#, #"[{"key":"X","name":"Y","start_date":"soon"}]"#, "[{",
        ] {
            #expect(throws: FetchFailure.self) { try FrankfurterProvider.decode(Data(body.utf8)) }
        }
    }

    private static func directory(
        _ transport: FakeTransport, _ folder: URL, offline: Bool = false, usage: MemoryUsageStore = MemoryUsageStore()
    ) -> FrankfurterProviderDirectory {
        FrankfurterProviderDirectory(
            baseURL: URL(string: "http://127.0.0.1:9/v2")!, transport: transport, timeout: 5, cacheDirectory: folder.path, offline: offline,
            discipline: RequestDiscipline(usage: usage))
    }

    private static func served(_ fixture: String) throws -> FakeTransport {
        FakeTransport(.success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: try Fixture.data(fixture))))
    }

    @Test func fetchedOnceAnHourAndKeptForOfflineRuns() async throws {
        let folder = makeTemporaryDirectory("fx-providers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = try Self.served("frankfurter-v2/providers-hmrc-ust.constructed.json")
        let now = Date()
        let first = await Self.directory(transport, folder).listing(fetch: .whenStale, now: now)
        #expect(first.providers.map(\.key) == ["HMRC", "UST"] && first.problem == nil)
        #expect(transport.requests.map(\.url.absoluteString) == ["http://127.0.0.1:9/v2/providers"])
        // Within the server's max-age the kept copy answers; `refresh` asks again whatever its age.
        _ = await Self.directory(transport, folder).listing(fetch: .whenStale, now: now.addingTimeInterval(60))
        #expect(transport.requests.count == 1)
        _ = await Self.directory(transport, folder).listing(fetch: .always, now: now.addingTimeInterval(60))
        #expect(transport.requests.count == 2)
        // Offline, never asked: the copy is listed.
        let offline = FakeTransport(.failure(.timedOut(seconds: 1)))
        let kept = await Self.directory(offline, folder, offline: true).listing(fetch: .always, now: now.addingTimeInterval(7200))
        #expect(kept.providers.map(\.key) == ["HMRC", "UST"] && offline.requests.isEmpty && kept.fetchedAt != nil)
    }

    @Test func aFailedFetchKeepsTheCopyAndSaysWhy() async throws {
        let folder = makeTemporaryDirectory("fx-providers")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await Self.directory(try Self.served("frankfurter-v2/providers.trimmed.json"), folder).listing(fetch: .always, now: Date())
        let broken = FakeTransport(
            .success(HTTPResponse(status: 404, headers: [:], body: Data(#"{"status":404,"message":"not found"}"#.utf8))))
        let listing = await Self.directory(broken, folder).listing(fetch: .always, now: Date())
        #expect(listing.providers.count == 3 && listing.problem != nil)
        // A wrong body is never kept over a good copy.
        let garbage = FakeTransport(
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("[1]".utf8))))
        #expect(await Self.directory(garbage, folder).listing(fetch: .always, now: Date()).problem != nil)
        #expect(await Self.directory(broken, folder, offline: true).listing(fetch: .never, now: Date()).providers.count == 3)
    }

    /// Each request is Frankfurter's like its rates': counted (wasted when the list is the one
    /// kept, or not served), a failure too, and none sent while the server's `Retry-After` holds.
    @Test func everyRequestIsCountedAndAServersWaitHoldsItBack() async throws {
        let folder = makeTemporaryDirectory("fx-providers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let usage = MemoryUsageStore()
        let transport = try Self.served("frankfurter-v2/providers-hmrc-ust.constructed.json")
        let now = Date()
        _ = await Self.directory(transport, folder, usage: usage).listing(fetch: .always, now: now)
        _ = await Self.directory(transport, folder, usage: usage).listing(fetch: .always, now: now)
        #expect(usage.load()[.frankfurter].map { ($0.requests, $0.wasted) } ?? (0, 0) == (2, 1))
        // A server without the route: a request wasted, not a failure that holds the rates back.
        let missing = FakeTransport(
            .success(HTTPResponse(status: 404, headers: [:], body: Data(#"{"status":404,"message":"not found"}"#.utf8))))
        #expect(await Self.directory(missing, folder, usage: usage).listing(fetch: .always, now: now).problem != nil)
        #expect(usage.load()[.frankfurter].map { ($0.requests, $0.wasted, $0.lastError) } ?? (0, 0, "") == (3, 2, nil))

        let throttled = FakeTransport(
            .success(HTTPResponse(status: 429, headers: ["Retry-After": "120"], body: Data(#"{"status":429,"message":"slow"}"#.utf8))))
        let refused = await Self.directory(throttled, folder, usage: usage).listing(fetch: .always, now: now)
        #expect(refused.providers.count == 2 && refused.problem != nil)
        #expect(usage.load()[.frankfurter]?.requests == 4 && usage.load()[.frankfurter]?.retryAfter != nil)
        // Within the wait, not even `refresh` asks.
        let held = await Self.directory(throttled, folder, usage: usage).listing(fetch: .always, now: now.addingTimeInterval(60))
        #expect(throttled.requests.count == 1 && held.problem != nil && usage.load()[.frankfurter]?.requests == 4)
    }
}
