import Foundation
import FXRates
import FXTestSupport
import Testing

/// What every provider does alike, through the one fetch step they share: asked over a fake
/// transport, each must read a real answer, ask conditionally, keep a `Retry-After`, refuse
/// pages, empty and garbled bodies and unsafe URLs, wrap transport failures, and hide its key.
/// Each provider's own format and error bodies are tested in its own suite.
@Suite struct ProviderSuiteTests {
    static let validators = Validators(etag: "\"v1\"", lastModified: "Tue, 03 Jan 2023 15:00:00 GMT")

    /// What fetching the latest rates over `answer` throws, with the transport that was asked.
    static func refusal(
        _ provider: ProviderCase, _ answer: Result<HTTPResponse, TransportError>, base: String = "https://provider.example/api/",
        validators: Validators? = nil
    ) async -> (FetchFailure?, FakeTransport) {
        let transport = FakeTransport(answer)
        let source = provider.source(transport, base: base)
        return (
            await thrownFailure { () async throws(FetchFailure) in _ = try await source.fetchLatest(validators: validators) }, transport
        )
    }

    /// A source registered without a recording would escape every test below.
    @Test func everyRegisteredSourceIsRecorded() {
        for id in SourceRegistry.standard.ids { #expect(ProviderCase.recordings[id] != nil, "no recording for \(id)") }
        #expect(ProviderCase.all.map(\.id) == SourceRegistry.standard.ids)
    }

    @Test(arguments: ProviderCase.all)
    func readsARealAnswerAndKeepsItsValidators(provider: ProviderCase) async throws {
        let transport = provider.transport(
            .success(try provider.answer(headers: ["ETag": "\"v1\"", "Last-Modified": "Tue, 03 Jan 2023 15:00:00 GMT"])))
        let outcome = try await provider.source(transport).fetchLatest(validators: nil)
        guard case .fetched(let table, let validators) = outcome else { Issue.record("\(outcome)"); return }
        #expect(!table.rates.isEmpty)
        #expect(validators == (provider.conditional ? Self.validators : Validators()))
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://provider.example/api/" + provider.path)
        // Unconditional: no validators (an `Accept` naming the format asked for may be there).
        #expect(request.headers.keys.allSatisfy { $0 == "Accept" })
    }

    @Test(arguments: ProviderCase.all)
    func aConditionalRequestSendsTheValidatorsAndTakesA304(provider: ProviderCase) async throws {
        let transport = FakeTransport(.success(HTTPResponse(status: 304)))
        let source = provider.source(transport)
        if provider.conditional {
            #expect(try await source.fetchLatest(validators: Self.validators) == .notModified)
            let headers = try #require(transport.requests.first).headers
            #expect(headers["If-None-Match"] == "\"v1\"")
            #expect(headers["If-Modified-Since"] == "Tue, 03 Jan 2023 15:00:00 GMT")
        } else {
            // Nothing conditional was asked, so a 304 is only a status.
            await #expect(throws: FetchFailure.httpStatus(304)) { try await source.fetchLatest(validators: Self.validators) }
            #expect(transport.requests.first?.headers.isEmpty == true)
        }
    }

    @Test(arguments: ProviderCase.all)
    func a304ToAnUnconditionalRequestIsAStatus(provider: ProviderCase) async {
        #expect(await Self.refusal(provider, .success(HTTPResponse(status: 304))).0 == .httpStatus(304))
    }

    static let throttles: [(HTTPResponse, FetchFailure)] = [
        (
            HTTPResponse(
                status: 429, headers: ["Retry-After": "60", "Content-Type": "application/json"],
                body: Data(#"{"error":true,"status":429,"message":"access_restricted","description":"slow down"}"#.utf8)),
            FetchFailure.throttled(status: 429, retryAfter: .seconds(60))
        ),
        (
            HTTPResponse(
                status: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT", "Content-Type": "text/html"],
                body: Data("<html>down</html>".utf8)),
            .throttled(status: 503, retryAfter: .date(Date(timeIntervalSince1970: 784_111_777)))
        ),
    ]

    /// The wait is kept before any body is read, whatever the provider's kind of error body.
    @Test(arguments: ProviderCase.all, throttles)
    func aRetryAfterIsKept(provider: ProviderCase, throttle: (response: HTTPResponse, expected: FetchFailure)) async {
        #expect(await Self.refusal(provider, .success(throttle.response)).0 == throttle.expected)
    }

    /// Without a `Retry-After` or a body of the provider's own, the status is the failure;
    /// a redirect that was not followed included.
    @Test(
        arguments: ProviderCase.all,
        [
            HTTPResponse(status: 500), HTTPResponse(status: 429), HTTPResponse(status: 503, headers: ["Retry-After": "soon"]),
            HTTPResponse(status: 302, headers: ["Location": "http://elsewhere.example/"]),
        ])
    func otherStatusesAreStatuses(provider: ProviderCase, response: HTTPResponse) async {
        #expect(await Self.refusal(provider, .success(response)).0 == .httpStatus(response.status))
    }

    /// CDN error pages come with status 200: by their content type, or by their first bytes.
    @Test(arguments: ProviderCase.all)
    func anHTMLPageIsRefused(provider: ProviderCase) async throws {
        let typed = try provider.answer(headers: ["Content-Type": "text/html; charset=utf-8"])
        #expect(await Self.refusal(provider, .success(typed)).0 == .htmlBody)
        let untyped = HTTPResponse(status: 200, body: Data("\n<!DOCTYPE html><html><body>busy</body></html>".utf8))
        #expect(await Self.refusal(provider, .success(untyped)).0 == .htmlBody)
    }

    @Test(arguments: ProviderCase.all, ["", "  \n"])
    func anEmptyBodyIsRefused(provider: ProviderCase, body: String) async {
        let response = HTTPResponse(status: 200, headers: ["Content-Type": provider.contentType], body: Data(body.utf8))
        #expect(await Self.refusal(provider, .success(response)).0 == .emptyBody)
    }

    @Test(arguments: ProviderCase.all)
    func garbageIsMalformed(provider: ProviderCase) async {
        let response = HTTPResponse(status: 200, headers: ["Content-Type": provider.contentType], body: Data("garbage \u{1}\u{2}".utf8))
        let failure = await Self.refusal(provider, .success(response)).0
        guard case .malformed = failure else { Issue.record("\(String(describing: failure))"); return }
    }

    @Test(
        arguments: ProviderCase.all,
        [
            TransportError.timedOut(seconds: 15), .tooLarge(limit: 1 << 16), .redirectRefused,
            .cannotConnect("connection refused"), .cancelled, .other("the response was cut off"),
        ])
    func transportFailuresAreWrapped(provider: ProviderCase, error: TransportError) async {
        #expect(await Self.refusal(provider, .failure(error)).0 == .transport(error))
    }

    @Test(arguments: ProviderCase.all, ["http://provider.example/api/", "ftp://provider.example/api/"])
    func anUnsafeURLIsRefusedWithoutARequest(provider: ProviderCase, base: String) async {
        let (failure, transport) = await Self.refusal(provider, .success(HTTPResponse(status: 500)), base: base)
        #expect(failure == .transport(.insecureURL))
        #expect(transport.requests.isEmpty)
    }

    /// Plain HTTP is for this machine (mirrors, tests); the base may come with or without its slash.
    @Test(
        arguments: ProviderCase.all,
        [
            "http://127.0.0.1:8080/mirror", "http://localhost:8080/mirror/", "https://mirror.example/a/b",
            "https://mirror.example/a/b/",
        ])
    func theBaseURLTakesThePathUnderItWithOrWithoutASlash(provider: ProviderCase, base: String) async throws {
        let transport = provider.transport(.success(try provider.answer()))
        guard case .fetched = try await provider.source(transport, base: base).fetchLatest(validators: nil) else {
            Issue.record("not fetched")
            return
        }
        let directory = base.hasSuffix("/") ? base : base + "/"
        #expect(transport.requests.map(\.url.absoluteString).sorted() == provider.paths.map { directory + $0 }.sorted())
    }

    /// A source that dates its rates refuses them from the future; the ECB and Frankfurter's
    /// latest leave that to the service, which refuses any table dated after tomorrow.
    @Test(arguments: ProviderCase.all)
    func ratesFromTheFutureAreRefused(provider: ProviderCase) async throws {
        let transport = provider.transport(.success(try provider.answer()))
        let source = provider.source(transport, now: utc("2000-01-01T00:00:00Z"))
        if let futureDay = provider.futureDay {
            await #expect(throws: FetchFailure.futureDate(futureDay)) { try await source.fetchLatest(validators: nil) }
        } else if provider.recording.datedByClock {
            // The exchanges' answers carry no date: the price is dated by the instant fx took it.
            guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("not fetched"); return }
            #expect(table.date == day("2000-01-01") && table.publishedAt == utc("2000-01-01T00:00:00Z"))
        } else {
            guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("not fetched"); return }
            #expect(table.date > day("2000-01-02"))
        }
    }

    // MARK: keys

    @Test(arguments: ProviderCase.keyed, [nil, ""] as [String?])
    func aMissingKeyAsksNothing(provider: ProviderCase, key: String?) async throws {
        let transport = FakeTransport(.success(HTTPResponse(status: 500)))
        let source = provider.source(transport, key: .some(key))
        let variable = try #require(provider.keyVariable)
        await #expect(throws: FetchFailure.missingKey(variable)) { try await source.fetchLatest(validators: nil) }
        #expect(transport.requests.isEmpty)
    }

    /// The key travels in the request URL and in no failure: not from a transport message
    /// quoting that URL, nor from one echoing the key in other letters.
    @Test(arguments: ProviderCase.keyed)
    func aKeyNeverShowsInAFailure(provider: ProviderCase) async throws {
        let key = try #require(provider.key)
        let url = "https://provider.example/api/" + provider.path
        for error in [TransportError.other("could not load \(url)"), .cannotConnect(url.uppercased()), .other(key.lowercased())] {
            let (failure, transport) = await Self.refusal(provider, .failure(error))
            let text = String(describing: try #require(failure))
            #expect(!text.lowercased().contains(key.lowercased()), "\(text)")
            #expect(transport.requests.first?.url.query?.contains(key) == true)
        }
    }
}
