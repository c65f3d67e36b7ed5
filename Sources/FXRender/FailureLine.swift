import FXRates

/// The one warning line for a question that several sources failed to answer:
/// `European Central Bank (HTTP 500), Frankfurter (no answer within 15 s, FX_TIMEOUT) and Bank of Canada (cannot connect) failed;
/// using cached European Central Bank rates of 2026-10-30 (fetched 3h ago)`.
enum FailureLine {
    /// The sources and why, grouped when they failed alike; sources held back by `BackOff` say
    /// when they last failed and when they are asked again.
    static func text(_ failed: [FailedSource], now: Date) -> String {
        var clauses: [String] = []
        let held = failed.compactMap { source -> (name: String, failedAt: Date, until: Date)? in
            guard case .backingOff(let failedAt, _, let until) = source.failure else { return nil }
            return (source.sourceName, failedAt, until)
        }
        let asked = failed.filter { if case .backingOff = $0.failure { false } else { true } }
        if !asked.isEmpty {
            let reasons = asked.map { brief($0.failure) }
            if Set(reasons).count == 1 {
                clauses.append("\(list(asked.map(\.sourceName))) failed (\(reasons[0]))")
            } else {
                clauses.append("\(list(zip(asked, reasons).map { "\($0.sourceName) (\($1))" })) failed")
            }
        }
        if !held.isEmpty, let latest = held.map(\.failedAt).max(), let soonest = held.map(\.until).min() {
            let verb = held.count == 1 ? "is" : "are"
            clauses.append(
                "\(list(held.map(\.name))) failed \(AgeText.ago(latest, now: now)) and \(verb) asked again in \(Messages.askedAgain(soonest, now: now)) ('refresh' asks now)"
            )
        }
        return clauses.joined(separator: "; ")
    }

    /// What answered instead, and how old it is.
    static func answer(_ fallback: Diagnostic.Fallback, answeredBy: String, now: Date) -> String {
        switch fallback {
        case .cached(let day, let fetchedAt):
            "using cached \(answeredBy) rates of \(day) (fetched \(AgeText.ago(fetchedAt, now: now)))"
        case .builtIn(let day): Messages.builtIn(day)
        case .otherSource(let other): "using \(other) instead"
        }
    }

    /// `A`, `A and B`, `A, B and C` (or another last word: `A or B`).
    static func list(_ items: [String], joining word: String = "and") -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + last
    }

    /// A failure in a few words, for a line that names several: what the network did, shortened;
    /// what a source sent, as said for one source (those words are the clue to the problem).
    static func brief(_ failure: FetchFailure) -> String {
        switch failure {
        case .transport(.timedOut(let seconds)): "no answer within \(Messages.seconds(seconds)) s, FX_TIMEOUT"
        case .transport(.cannotConnect): "cannot connect"
        case .transport(.tooLarge(let limit)): "response larger than \(limit / 1024) KiB"
        case .transport(.insecureURL): "refusing plain HTTP"
        case .httpStatus(let status): "HTTP \(status)"
        case .throttled(let status, .date(let until)): "HTTP \(status), no request before \(Messages.utcTime(until))"
        case .throttled(let status, .seconds(let seconds)): "HTTP \(status), no request within \(seconds) s"
        case .waitingUntil(let until): "asked for no request before \(Messages.utcTime(until))"
        case .quotaUsedUp(let used, let quota): "\(used) of \(quota) requests this month used"
        default: Messages.text(for: failure)
        }
    }
}
