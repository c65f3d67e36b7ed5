import FXRates

extension Executor {
    /// The institutions Frankfurter relays, when Frankfurter is asked in this run: `sources`
    /// fetches the list when its copy is older than an hour, offline it shows the copy.
    func relayedInstitutions(fetch: FrankfurterProviderDirectory.Fetch) async -> FrankfurterProviderDirectory.Listing? {
        guard let directory = current.setup.institutions?(), service.sourceIDs.contains(.frankfurter) else { return nil }
        return await directory.listing(fetch: fetch, now: clock.now())
    }

    /// `refresh` (or `refresh frankfurter`) fetches the institutions' list too, only when
    /// Frankfurter's rates were just fetched: a server failing, throttling or backing off is not
    /// asked once more. A failure of the list leaves the kept copy, shown by `sources`.
    func refreshInstitutions(_ reports: [RefreshReport]) async {
        guard reports.contains(where: { $0.source == .frankfurter && $0.outcome.entry != nil }) else { return }
        _ = await relayedInstitutions(fetch: .always)
    }

    /// `sources` asks for a stale list only while Frankfurter has no error standing.
    func listedInstitutions(_ statuses: [SourceStatus]) async -> FrankfurterProviderDirectory.Listing? {
        let failing = statuses.first { $0.id == .frankfurter }?.usage?.lastError != nil
        return await relayedInstitutions(fetch: failing ? .never : .whenStale)
    }
}
