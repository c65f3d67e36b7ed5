/// How long data last checked at `checkedAt`, whose newest publication is `lastDay`, may be
/// used without asking the source again. Shared by the latest rates and the histories.
enum Freshness {
    static func validUntil(
        lastDay: Day, publishedAt: Date? = nil, checkedAt: Date, due: Date, now: Date,
        recheckInterval: TimeInterval, fallbackTTL: TimeInterval
    ) -> Date {
        // Data dated in the future means the clock moved: the schedule cannot be trusted, so
        // fall back to a plain time-to-live. A publication
        // instant, when known, decides: a date in Seoul can be tomorrow in Frankfurt.
        // Sources stamp their own instants; a clock a few minutes off must not freeze them for a day.
        // A check stamped ahead of the clock (which was wrong, then corrected) gives no age at
        // all: ask again now, rather than trust it for a day or freeze on an old publication.
        if checkedAt > now + 60 { return .distantPast }
        let fromTheFuture = publishedAt.map { $0 > now + 15 * 60 } ?? (lastDay > CentralEuropeanTime.day(at: now))
        if fromTheFuture { return checkedAt + fallbackTTL }
        // Checked after the publication was due and still nothing newer: the source is late.
        if checkedAt >= due { return checkedAt + recheckInterval }
        return due
    }
}
