import FXRates

extension Executor {
    /// The institutions Frankfurter relays, when Frankfurter is asked in this run: `sources`
    /// fetches the list when its copy is older than an hour, offline it shows the copy.
    func relayedInstitutions(fetch: FrankfurterProviderDirectory.Fetch) async -> FrankfurterProviderDirectory.Listing? {
        guard let directory = current.setup.institutions?(), service.sourceIDs.contains(.frankfurter) else { return nil }
        return await directory.listing(fetch: fetch, now: clock.now())
    }

    /// `refresh` (or `refresh frankfurter`) fetches the institutions' list too; a failure there
    /// leaves the kept copy and is shown by `sources`, not by `refresh`.
    func refreshInstitutions(_ ids: [SourceID]) async {
        guard ids.isEmpty || ids.contains(.frankfurter) else { return }
        _ = await relayedInstitutions(fetch: .always)
    }
}
