/// The institutions Frankfurter relays, for `sources`: read from its `providers` route and kept in
/// fx's cache directory (`frankfurter-providers.json`, the body as served) so that `sources` lists
/// them offline too. Fetched by `sources` (when the kept copy is older than the server's
/// `Cache-Control: max-age=3600`) and by `refresh`; never by a conversion. Each request goes
/// through Frankfurter's `RequestDiscipline`: held back as its rates are, and counted in
/// usage.json with them (wasted when it brings the list already kept, or a 404).
public struct FrankfurterProviderDirectory: Sendable {
    /// What `sources` shows: the institutions, when the copy was fetched, and why a fetch failed.
    public struct Listing: Sendable, Equatable {
        public var providers: [FrankfurterProvider]
        public var fetchedAt: Date?
        public var problem: String?

        public init(providers: [FrankfurterProvider], fetchedAt: Date?, problem: String?) {
            (self.providers, self.fetchedAt, self.problem) = (providers, fetchedAt, problem)
        }
    }

    /// The server sends `Cache-Control: public, max-age=3600` with the list.
    public static let maxAge: TimeInterval = 3600

    private let endpoint: SourceEndpoint
    private let transport: any HTTPTransport
    private let file: GuardedFile
    private let offline: Bool
    private let describe: @Sendable (FetchFailure) -> String
    private let discipline: RequestDiscipline

    public init(
        baseURL: URL, transport: any HTTPTransport, timeout: TimeInterval, cacheDirectory: String, offline: Bool,
        discipline: RequestDiscipline = RequestDiscipline(usage: NoUsageStore()),
        describe: @escaping @Sendable (FetchFailure) -> String = { String(describing: $0) }
    ) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.transport = transport
        self.file = GuardedFile(
            path: cacheDirectory + "/frankfurter-providers.json", lockPath: cacheDirectory + "/frankfurter-providers.lock")
        self.offline = offline
        self.describe = describe
        self.discipline = discipline
    }

    /// The kept list, fetched again first when `fetch` says so (`.always` for `refresh`,
    /// `.whenStale` for `sources`) and the run may use the network. A failed fetch keeps the copy
    /// and says why.
    public enum Fetch: Sendable { case never, whenStale, always }

    public func listing(fetch: Fetch, now: Date) async -> Listing {
        let kept = keptCopy()
        let due =
            switch fetch {
            case .never: false
            case .always: true
            case .whenStale: kept.fetchedAt.map { now.timeIntervalSince($0) >= Self.maxAge } ?? true
            }
        guard due, !offline else { return kept }
        // `refresh` was asked for: only a server's wait holds it back, as for the rates.
        if let refusal = discipline.refusal(.frankfurter, at: now, explicit: fetch == .always) {
            return Listing(providers: kept.providers, fetchedAt: kept.fetchedAt, problem: describe(refusal.failure))
        }
        let attempt = await RequestCount.counting { () async throws(FetchFailure) in
            let body = try await fetchBody()
            return (body, try FrankfurterProvider.decode(body))
        }
        switch attempt.result {
        case .success(let (body, providers)):
            discipline.recordAnswer(changed: keptBody() != body, requests: attempt.requests, for: .frankfurter, at: now)
            save(body)
            return Listing(providers: providers, fetchedAt: now, problem: nil)
        case .failure(let error):
            // A server without the route (404) answered, and only the list is missing: a request
            // wasted, not a failure of Frankfurter's rates to back off from. Any other failure
            // (a throttle, a 5xx, a timeout) is the server's, as for its rates.
            if error == .httpStatus(404) {
                discipline.recordAnswer(changed: false, requests: attempt.requests, for: .frankfurter, at: now)
                return Listing(providers: kept.providers, fetchedAt: kept.fetchedAt, problem: describe(error))
            }
            let failure = discipline.recordFailure(error, requests: attempt.requests, for: .frankfurter, at: now, answeredAt: now)
            return Listing(providers: kept.providers, fetchedAt: kept.fetchedAt, problem: describe(failure))
        }
    }

    /// `GET {root}providers`: a small array (about 100 institutions).
    func fetchBody() async throws(FetchFailure) -> Data {
        let request = try endpoint.request("providers", maxBytes: 2 << 20, accept: "application/json")
        return try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: FrankfurterSource.errorBody).value()
    }

    /// The body kept, as served; nil when there is none or it cannot be read.
    private func keptBody() -> Data? {
        guard case .success(let data) = file.read() else { return nil }
        return data
    }

    /// The copy on disk and when it was written; empty when there is none or it cannot be read.
    func keptCopy() -> Listing {
        guard case .success(let data) = file.read(), let providers = try? FrankfurterProvider.decode(data) else {
            return Listing(providers: [], fetchedAt: nil, problem: nil)
        }
        let written = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        return Listing(providers: providers, fetchedAt: written, problem: nil)
    }

    /// Replaces the copy; a cache that cannot be written only costs a fetch next time.
    private func save(_ body: Data) {
        _ = try? file.update(
            empty: Data(), { _ in FileVerdict<Data, Unwritable>.usable(Data()) }, change: { _ throws(Unwritable) in (body, ()) })
    }

    private struct Unwritable: Error {}
}
