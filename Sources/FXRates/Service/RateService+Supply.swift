/// Where a source's latest table comes from, for `RateService`: memory, the cache, a fetch (judged
/// by `Plausibility` and saved), or after a failure the fallbacks (`FetchFallback`). Supply only:
/// which row then answers is `Quoting`'s.
extension RateService {
    func latest(_ source: any RateSource) async throws(RateError) -> (RateTable, Provenance) {
        let now = clock.now()
        noticeOtherWriters(at: now)
        if let hit = held(source.id), now < hit.validUntil { return (hit.table, hit.provenance) }
        if let failed = failedUntil[source.id], now < failed.until { throw failed.error }
        let entry = cached(source.id)
        if let entry, options.offline {
            let superseded = now.timeIntervalSince(source.nextPublication(after: entry.table))
            // An hour of grace: the ECB's "around 16:00" is often a few minutes later.
            if superseded > 3600 {
                diagnostics.append(.staleData(sourceName: source.name, date: entry.table.date, supersededFor: superseded))
            }
            return remember(source, entry.table, origin: .cache, fetchedAt: entry.checkedAt, until: .distantFuture)
        }
        if let entry {
            let until = currentUntil(entry, source: source, now: now)
            if now < until { return remember(source, entry.table, origin: .cache, fetchedAt: entry.checkedAt, until: until) }
        }
        if options.offline {
            guard let builtIn = builtInTable(for: source) else { throw options.nothingHeld(source.id, history: false) }
            diagnostics.append(.usingBuiltIn(builtIn.date))
            return remember(source, builtIn, origin: .builtIn, fetchedAt: nil, until: .distantFuture)
        }
        // Near a plan's monthly limit, automatic fetches stop (what is left is for `refresh`); a
        // server that asked for time gets it, and a source that just failed is left alone for a
        // while (`BackOff`): no request before then, the usual fallbacks meanwhile.
        var heldAfterTimeout = false
        let result: FetchResult
        switch discipline.refusal(source.id, at: now) {
        case .quota(let failure):
            // The cache only: the built-in rates are for a source that cannot answer, not one that may not.
            return try fallBack(after: failure, source, cached: entry, builtIn: false, until: .distantFuture, degraded: true).get()
        case .waiting(let failure, let afterTimeout):
            result = .failed(failure)
            heldAfterTimeout = afterTimeout
        case nil:
            result = await fetch(source, previous: entry)
        }
        switch result {
        case .updated(let fresh), .unchanged(let fresh):
            return rememberFetched(source, fresh)
        case .failed(let failure):
            let retry = discipline.nextAttempt(source.id, after: failure, now: clock.now())
            // A source that answered wrongly gives way to the next one; after a timeout the
            // network itself is likely down, and waiting out every other source's deadline too
            // would hold the answer for minutes (also while that timeout holds the source back).
            let giveWay = !Self.suggestsNoNetwork(failure) && !heldAfterTimeout
            switch fallBack(after: failure, source, cached: entry, builtIn: true, until: retry, degraded: giveWay) {
            case .success(let answer): return answer
            case .failure(let error):
                // Nothing to fall back on: remember the failure, so the next question in this run
                // does not send (and count) the same doomed request again.
                failedUntil[source.id] = (retry, error)
                throw error
            }
        }
    }

    /// After a failed fetch: the cached table, else (with `builtIn`) the compiled-in one, held
    /// until `until` and said in a diagnostic; else the error.
    func fallBack(
        after failure: FetchFailure, _ source: any RateSource, cached entry: CachedRates?, builtIn: Bool,
        until: Date, degraded: Bool
    ) -> Result<(RateTable, Provenance), RateError> {
        let chosen = FetchFallback.after(
            failure, source: source.id, sourceName: source.name,
            cached: entry.map { ($0.table, $0.table.date, $0.checkedAt) },
            builtIn: { builtIn ? builtInTable(for: source).map { ($0, $0.date) } : nil })
        return chosen.map { fallback in
            diagnostics.append(fallback.diagnostic)
            return remember(
                source, fallback.table, origin: fallback.origin, fetchedAt: fallback.checkedAt,
                until: until, degraded: degraded)
        }
    }

    /// Asks the source (conditionally when we hold validators) and stores what is new.
    func fetch(_ source: any RateSource, previous: CachedRates?) async -> FetchResult {
        let now = clock.now()
        let validators = previous?.validators
        FetchProgress.watcher?.asking(source.name)
        let answer = await RequestCount.counting { () async throws(FetchFailure) in
            try await source.fetchLatest(validators: validators)
        }
        return accept(answer, from: source, previous: previous, now: now)
    }

    /// Takes a source's answer: counts the requests it sent, and stores what is new.
    func accept(
        _ answer: FetchAttempt<FetchOutcome>, from source: any RateSource,
        previous: CachedRates?, now: Date
    ) -> FetchResult {
        let outcome: FetchOutcome
        let requests = answer.requests
        switch answer.result {
        case .success(let value):
            outcome = value
        case .failure(let error):
            return .failed(discipline.recordFailure(error, requests: requests, for: source.id, at: now, answeredAt: clock.now()))
        }
        // Answers refused below were still requests made.
        func refused(_ failure: FetchFailure) -> FetchResult {
            discipline.recordRefusedAnswer(failure, requests: requests, for: source.id, at: now)
            return .failed(failure)
        }
        var entry: CachedRates
        let changed: Bool
        switch outcome {
        case .notModified:
            guard var kept = previous else { return refused(.httpStatus(304)) }
            kept.checkedAt = now
            entry = kept
            changed = false
        case .fetched(let table, let validators):
            // A publication dated after tomorrow in Frankfurt is not a real one.
            if table.date > CentralEuropeanTime.day(at: now).adding(days: 1) { return refused(.futureDate(table.date)) }
            if let doubt = doubt(table, from: source, previous: previous) { return refused(.implausibleRate(doubt)) }
            if let previous, previous.table.date > table.date {
                // An older table than ours (a lagging mirror): keep ours, but note that we asked.
                entry = previous
                entry.checkedAt = now
                changed = false
            } else {
                changed = previous?.table.rates != table.rates || previous?.table.date != table.date
                var table = table
                // Keep the table this one replaces, for the change `rate` shows; a source that
                // states its previous close has set it already.
                if table.previous == nil, let older = previous?.table {
                    table.previous = older.date < table.date ? PreviousRates(date: older.date, rates: older.rates) : older.previous
                }
                entry = CachedRates(
                    source: source.id, table: table,
                    fetchedAt: changed ? now : (previous?.fetchedAt ?? now),
                    checkedAt: now, validators: validators, gaps: answer.gaps.filter { !table.covers($0.code) })
                // Said once, when fetched; kept with the table for the question that asks for one of them.
                if !entry.gaps.isEmpty { diagnostics.append(.partlyPriced(source: source.id, sourceName: source.name, gaps: entry.gaps)) }
            }
        }
        widenStored()
        stored?[source.id] = entry
        do { try store.save(entry) } catch {
            if reportedFiles.insert(error.path).inserted {
                diagnostics.append(.cacheWriteFailed(path: error.path, reason: error.reason))
            }
        }
        discipline.recordAnswer(changed: changed, requests: requests, for: source.id, at: now)
        return changed ? .updated(entry) : .unchanged(entry)
    }

    /// What `Plausibility` doubts in a table `source` just sent, judged against the whole of its
    /// previous table (not a read narrowed to one question) and what fx holds of the others.
    func doubt(_ table: RateTable, from source: any RateSource, previous: CachedRates?) -> ImplausibleRate? {
        widenStored()
        let before = cached(source.id) ?? previous
        let others = sources.compactMap { other -> (source: SourceID, table: RateTable)? in
            guard other.id != source.id, let held = cached(other.id)?.table ?? resolved[other.id]?.table else { return nil }
            return (other.id, held)
        }
        return Plausibility.doubt(table, previous: before?.table, others: others)
    }

    /// Holds what a fetch just produced. The fetch took time: the entry is judged against the
    /// clock after it, not before (else a fresh check time looks like a clock that moved back).
    func rememberFetched(_ source: any RateSource, _ entry: CachedRates) -> (RateTable, Provenance) {
        remember(
            source, entry.table, origin: .network, fetchedAt: entry.checkedAt,
            until: currentUntil(entry, source: source, now: clock.now()))
    }

    /// The compiled-in table, when there is one for this source (parsed on first use).
    func builtInTable(for source: any RateSource) -> RateTable? {
        guard let builtIn, builtIn.source == source.id else { return nil }
        if let parsed = builtInLatest { return parsed }
        let table = builtIn.latest
        builtInLatest = .some(table)
        return table
    }

    func currentUntil(_ entry: CachedRates, source: any RateSource, now: Date) -> Date {
        Freshness.validUntil(
            lastDay: entry.table.date, publishedAt: entry.table.publishedAt, checkedAt: entry.checkedAt,
            due: source.nextPublication(after: entry.table), now: now,
            recheckInterval: options.recheckInterval, fallbackTTL: options.fallbackTTL)
    }

    func remember(
        _ source: any RateSource, _ table: RateTable, origin: Provenance.Origin,
        fetchedAt: Date?, until: Date, degraded: Bool = false
    ) -> (RateTable, Provenance) {
        var provenance = Provenance(
            source: source.id, sourceName: source.name, date: table.date,
            fetchedAt: fetchedAt, origin: origin,
            supersededAt: source.nextPublication(after: table))
        if source.pricesMove { provenance.pricedAt = table.publishedAt }
        resolved[source.id] = Resolved(table: table, provenance: provenance, validUntil: until, degraded: degraded)
        if Self.focus != nil, origin == .cache, narrowStored != nil {
            narrowResolved.insert(source.id)
        } else {
            narrowResolved.remove(source.id)
        }
        return (table, provenance)
    }

    /// A long session (a script, the prompt) sees a refresh another fx made: when the cache has
    /// been replaced since it was read, what this run holds from it is read again. Looked at once
    /// a second at most (a stat), so a million-line script pays nothing to speak of.
    func noticeOtherWriters(at now: Date) {
        guard stored != nil || storedWhole != nil else { return }
        if let lookedAt = storeLookedAt, now >= lookedAt, now.timeIntervalSince(lookedAt) < 1 { return }
        storeLookedAt = now
        guard let version = store.version(), version != storedVersion else { return }
        stored = nil
        storedWhole = nil
        narrowStored = nil
        narrowDeferred = [:]
        narrowResolved = []
        // Answers held in memory are derived again, from the new file and the same freshness
        // rules (this run's own saves count as changes too: the file may hold others' entries
        // since); failures and waits stay as they were.
        resolved = [:]
    }

    /// The narrowed read made whole: the same bytes decoded whole, as if read whole then.
    func widenStored() {
        guard stored == nil, let narrowStored else { return }
        let contents = storedWhole?() ?? StoreContents(entries: narrowStored)
        self.narrowStored = nil
        narrowDeferred = [:]
        storedWhole = nil
        stored = contents.entries
        diagnostics.append(contentsOf: contents.diagnostics)
        for case .cacheUnreadable(let path, _) in contents.diagnostics { reportedFiles.insert(path) }
    }

    func cached(_ id: SourceID) -> CachedRates? {
        if stored == nil, narrowStored != nil, Self.focus != nil {
            if let read = narrowDeferred.removeValue(forKey: id) {
                guard let entry = read() else {
                    widenStored()
                    return stored?[id]
                }
                narrowStored?[id] = entry
            }
            return narrowStored?[id]
        }
        widenStored()
        if stored == nil {
            storedVersion = store.version()
            storeLookedAt = clock.now()
            let contents = Self.focus.map { store.load(keeping: $0) } ?? store.load()
            if let whole = contents.whole {
                narrowStored = contents.entries
                narrowDeferred = contents.deferred
                storedWhole = whole
                return cached(id)
            }
            stored = contents.entries
            diagnostics.append(contentsOf: contents.diagnostics)
            for case .cacheUnreadable(let path, _) in contents.diagnostics { reportedFiles.insert(path) }
        }
        return stored?[id]
    }
}
