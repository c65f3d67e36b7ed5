import FXRates
import FXDocuments
import Foundation
import FXTestSupport
import Testing

/// `Retry-After`: read in its three date forms and in seconds, capped, kept in usage across runs,
/// and obeyed by the service (no request before it passes, the usual fallbacks meanwhile).
@Suite("Retry-After")
struct RetryAfterTests {
    /// 1994-11-06 08:49:37 UTC, RFC 9110's example.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func httpDates(text: String) {
        #expect(RetryAfter(text) == .date(Self.example))
    }

    @Test func seconds() {
        #expect(RetryAfter("120") == .seconds(120))
        #expect(RetryAfter(" 0 ") == .seconds(0))
        // Too long for Int: certainly past the cap.
        #expect(RetryAfter("99999999999999999999999") == .seconds(Int(RetryAfter.longest)))
    }

    @Test(arguments: [nil, "", "soon", "-5", "1.5", "Sun, 31 Feb 2026 08:00:00 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "06 Nov 1994"])
    func unreadable(text: String?) {
        #expect(RetryAfter(text) == nil)
    }

    @Test func waitIsCappedAtADay() {
        let now = utc("2026-11-22T08:00:00Z")
        #expect(RetryAfter.seconds(90).instant(after: now) == now + 90)
        #expect(RetryAfter.seconds(10_000_000).instant(after: now) == now + RetryAfter.longest)
        #expect(RetryAfter.date(now + 7 * 86_400).instant(after: now) == now + RetryAfter.longest)
        #expect(RetryAfter.date(Self.example).instant(after: now) == Self.example)  // already past: no wait
    }

    @Test func onlyA429Or503WithTheHeaderIsThrottled() {
        #expect(
            FetchFailure.throttled(HTTPResponse(status: 429, headers: ["Retry-After": "30"]))
                == .throttled(status: 429, retryAfter: .seconds(30)))
        #expect(
            FetchFailure.throttled(HTTPResponse(status: 503, headers: ["retry-after": "Sun, 06 Nov 1994 08:49:37 GMT"]))
                == .throttled(status: 503, retryAfter: .date(Self.example)))
        #expect(FetchFailure.throttled(HTTPResponse(status: 429)) == nil)
        #expect(FetchFailure.throttled(HTTPResponse(status: 500, headers: ["Retry-After": "30"])) == nil)
        #expect(FetchFailure.throttled(HTTPResponse(status: 200, headers: ["Retry-After": "30"])) == nil)
    }

    // MARK: - Kept across runs

    static let now = utc("2026-11-22T08:00:00Z")

    @Test func theWaitIsKeptAndObeyedByTheNextRun() async throws {
        let usage = MemoryUsageStore()
        let clock = FixedClock(Self.now)
        let cached = CachedRates(source: .ecb, table: Sample.friday, fetchedAt: utc("2026-10-30T15:05:00Z"))
        let first = FakeRateSource([
            .failure(.throttled(status: 429, retryAfter: .seconds(120))), .success(.fetched(Sample.monday, Validators())),
        ])

        // Run 1: the request is made and refused; the warning and the record carry the instant.
        let run1 = RateService(sources: [first], store: MemoryRateStore([cached]), clock: clock, usage: usage)
        let quote = try await run1.quote(from: code("USD"), to: code("EUR"))
        #expect(quote.provenance.origin == .cache)
        let until = Self.now + 120
        #expect(
            await run1.takeDiagnostics() == [
                .fetchFailed(
                    source: .ecb, sourceName: "European Central Bank",
                    failure: .throttled(status: 429, retryAfter: .date(until)),
                    fallback: .cached(Sample.friday.date, fetchedAt: cached.checkedAt))
            ])
        #expect(usage.load()[.ecb]?.retryAfter == until)
        #expect(usage.load()[.ecb]?.requests == 1)

        // Run 2, a minute later: not asked, the cache answers, nothing counted.
        clock.set(Self.now + 60)
        let run2 = RateService(sources: [first], store: MemoryRateStore([cached]), clock: clock, usage: usage)
        #expect(try await run2.quote(from: code("USD"), to: code("EUR")).provenance.origin == .cache)
        #expect(first.calls == 1)
        #expect(
            await run2.takeDiagnostics().first
                == .fetchFailed(
                    source: .ecb, sourceName: "European Central Bank",
                    failure: .waitingUntil(until),
                    fallback: .cached(Sample.friday.date, fetchedAt: cached.checkedAt)))
        // refresh says so, without asking either.
        #expect(try await run2.refresh().first?.outcome == .failed(.waitingUntil(until)))
        #expect(first.calls == 1)
        #expect(usage.load()[.ecb]?.requests == 1)

        // Run 3, once the wait is over: asked again, and the wait forgotten after the answer.
        clock.set(until + 1)
        let run3 = RateService(sources: [first], store: MemoryRateStore([cached]), clock: clock, usage: usage)
        #expect(try await run3.quote(from: code("USD"), to: code("EUR")).provenance.origin == .network)
        #expect(first.calls == 2)
        #expect(usage.load()[.ecb]?.retryAfter == nil)
    }

    @Test func aWaitingSourceGivesWayToTheNext() async throws {
        let usage = MemoryUsageStore([.ecb: SourceUsage(month: "2026-11", requests: 1, retryAfter: Self.now + 300)])
        let ecb = FakeRateSource(answering: Sample.monday)
        let frankfurter = FakeRateSource(id: .frankfurter, name: "Frankfurter", [.success(.fetched(Sample.friday, Validators()))])
        let service = RateService(
            sources: [ecb, frankfurter], store: MemoryRateStore(), clock: FixedClock(Self.now),
            builtIn: .ecb, usage: usage)
        let quote = try await service.quote(from: code("USD"), to: code("EUR"))
        #expect(quote.provenance.source == .frankfurter)
        #expect(ecb.calls == 0)
        #expect(
            await service.takeDiagnostics() == [
                .fetchFailed(
                    source: .ecb, sourceName: "European Central Bank",
                    failure: .waitingUntil(Self.now + 300), fallback: .otherSource("Frankfurter"))
            ])
    }

    @Test func theWaitSurvivesANewMonthAndTheFile() throws {
        let record = SourceUsage(month: "2026-11", requests: 3, retryAfter: utc("2026-12-01T00:10:00Z"))
        #expect(record.current(at: utc("2026-12-01T00:00:00Z")).retryAfter == record.retryAfter)

        let directory = makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileUsageStore(directory: directory)
        store.record(.throttled("server answered HTTP 429", until: Self.now + 120), requests: 1, for: .oxr, at: Self.now)
        #expect(store.load()[.oxr]?.retryAfter == Self.now + 120)
        // A plain failure later keeps the wait; an answer clears it.
        store.record(.failed("cannot connect"), requests: 1, for: .oxr, at: Self.now + 130)
        #expect(store.load()[.oxr]?.retryAfter == Self.now + 120)
        store.record(.new, requests: 1, for: .oxr, at: Self.now + 140)
        #expect(store.load()[.oxr]?.retryAfter == nil)
        // A file written before the field existed still reads.
        try Data(#"{"schema":1,"sources":{"ecb":{"month":"2026-11","requests":2,"wasted":0}}}"#.utf8)
            .write(to: URL(fileURLWithPath: store.path))
        #expect(store.load()[.ecb] == SourceUsage(month: "2026-11", requests: 2))
    }

    @Test func aWaitReadBackIsCappedAtADayAfterItWasAsked() async throws {
        let far = utc("2100-01-01T00:00:00Z")
        let asked = SourceUsage(month: "2026-11", requests: 1, lastError: "HTTP 429", lastErrorAt: Self.now - 3600, retryAfter: far)
        let cap = Self.now - 3600 + RetryAfter.longest
        #expect(asked.waitingUntil(at: Self.now) == cap)
        #expect(asked.waitingUntil(at: cap) == nil)
        // Without the instant it was asked at, a wait beyond a day is not honoured (capping it at
        // a day from each run would hold the source off for ever).
        let bare = SourceUsage(month: "2026-11", requests: 1, retryAfter: far)
        #expect(bare.waitingUntil(at: Self.now) == nil)

        // An explicit refresh honours the capped wait, and no more.
        let source = FakeRateSource(answering: Sample.monday)
        let waiting = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(Self.now), usage: MemoryUsageStore([.ecb: asked]))
        #expect(try await waiting.refresh(only: [.ecb]).first?.outcome == .failed(.waitingUntil(cap)))
        #expect(source.calls == 0)
        let later = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(cap + 1), usage: MemoryUsageStore([.ecb: asked]))
        _ = try await later.refresh(only: [.ecb])
        #expect(source.calls == 1)
        let unanchored = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(Self.now), usage: MemoryUsageStore([.ecb: bare]))
        _ = try await unanchored.refresh(only: [.ecb])
        #expect(source.calls == 2)
        // `refresh --force ecb` asks within the wait (issue 33).
        let forced = try await waiting.refresh(only: [.ecb], force: true)
        #expect(source.calls == 3 && forced.first?.outcome != .failed(.waitingUntil(cap)))
    }

    private func makeDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fx-retry-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Answers every request with 429 and `Retry-After: 60`, with the provider's kind of body.
private struct ThrottlingTransport: HTTPTransport {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(
            status: 429, headers: ["Retry-After": "60", "Content-Type": "application/json"],
            body: Data(#"{"error":true,"status":429,"message":"access_restricted","description":"slow down"}"#.utf8))
    }
}
