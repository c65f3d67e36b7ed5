import FXCommands
import Testing

/// The first publication a rule may take for a transaction's day: a rule's question asks its
/// institution's series from there, not from the series' first day (NBP's since 2002).
struct RuleWindowTests {
    @Test(arguments: [
        ("ecb", "2024-03-02", "2024-03-02"),
        // The business day before in NBP's calendar: Good Friday is one, Easter Monday is not.
        ("pl-nbp", "2024-04-02", "2024-03-29"), ("pl-nbp", "2024-05-06", "2024-05-02"), ("pl-nbp", "2024-03-03", "2024-03-01"),
        ("uk-hmrc-monthly", "2026-09-15", "2026-09-01"),
        // The Treasury dates a quarter's rates by the previous quarter's end.
        ("us-treasury", "2026-08-10", "2026-06-30"), ("us-treasury", "2026-01-05", "2025-12-31"),
        // A mean's first whole month: the UK tax year's is April; the calendar year's January.
        ("uk-hmrc-yearly", "2025-07-10", "2025-04-01"), ("uk-hmrc-yearly", "2026-04-03", "2025-04-01"),
        ("ca-boc-yearly", "2024-05-05", "2024-01-01"), ("ca-boc", "2024-05-20", "2024-05-20"),
    ])
    func earliestPublicationForADay(rule name: String, day: String, earliest: String) throws {
        let rule = try #require(RuleBook()[name])
        #expect(rule.earliestPublication(for: Day(iso: day)!) == Day(iso: earliest)!)
    }
}
