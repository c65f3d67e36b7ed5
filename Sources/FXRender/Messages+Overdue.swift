import FXRates

extension Messages {
    /// For output that is no terminal (which shows no provenance lines): `European Central Bank
    /// rates of 2026-10-30 answered, though newer rates are 25d overdue (checked just now)`; nil
    /// for rates still the newest, late by less than the hour sources are often late by, or
    /// built in (said by their own warning).
    public static func overdue(_ provenance: Provenance, now: Date) -> String? {
        guard provenance.origin != .builtIn else { return nil }
        let overdue = provenance.staleness(at: now)
        guard overdue >= TextRenderer.overdueAfter else { return nil }
        let checked = provenance.fetchedAt.map { " (checked \(AgeText.ago($0, now: now)))" } ?? ""
        return "\(provenance.sourceName) rates of \(provenance.date) answered, though newer rates are "
            + "\(AgeText.duration(overdue)) overdue\(checked)"
    }
}
