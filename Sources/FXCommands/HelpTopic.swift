/// A `help` subject that is not a command: how dates and numbers are written.
public struct HelpTopic: Sendable {
    public let name: String
    /// Other words `help` accepts for it; `on` is what an error after a date points at.
    public let aliases: [String]
    public let summary: String
    public let discussion: String
    /// Lines that must parse and run; the tests run every one of them.
    public let examples: [String]

    public var names: [String] { [name] + aliases }

    /// Every topic, in the order `help` lists them.
    public static let all: [HelpTopic] = [.dates, .numbers, .names, .options]

    /// The topic named or aliased `word`, ignoring case.
    public static func named(_ word: String) -> HelpTopic? {
        let folded = word.lowercased()
        return all.first { $0.names.contains(folded) }
    }

    public static let dates = HelpTopic(
        name: "dates", aliases: ["date", "on"],
        summary: "How to write a date after 'on', 'from' and 'to', or at the end of a line",
        discussion: """
            A day:        2024-03-01, 2013/03/21, 21.03.2013 (day first with dots)
            Written:      1 jan 2024, 1st March 2024, march 3rd 2024, 1-mar-2024, three days
                          ago, 1 march (the latest not after today), 01/15/2024,
                          15/01/2024; 01/02/2024 reads both
                          ways and is refused unless 'set date_order dmy' (or mdy) says
            Relative:     today, yesterday, 3d ago, 3 days ago, 2w ago, 6m ago, 1 month ago,
                          1y ago, 2 years ago (months and years are calendar months: 2024-03-31
                          less one month is 2024-02-29, the end of the shorter month)
            Named:        last friday (the latest Friday before today, a week ago on a Friday),
                          end of 2023 (2023-12-31), at the end of march 2024 (2024-03-31),
                          last week, last month, last year (that long before today; as a
                          history or avg range, the whole calendar period before this one),
                          christmas 2024, christmas eve, boxing day, new year's day, new
                          year's eve (without a year, the latest not after today)
            At the end:   without 'on', as in 100 usd in eur yesterday, rate usd eur 2024-03-01
            The answer says what day words meant (note: yesterday = …); the future is refused.
            Days are your own calendar days. A day without rates (a weekend, a holiday) uses
            the last publication before it, and the answer says which.
            """,
        examples: [
            "rate usd jpy on 2020-03-13", "convert 100 usd eur on 2013/03/21", "rate eur chf on 21.03.2013", "rate usd jpy on 1y ago",
            "100 usd eur on 6m ago", "rate gbp usd on 1 month ago", "rate usd jpy on last friday", "rate usd jpy on end of 2023",
            "rate usd jpy on end of march 2024", "history eur chf from 2015/01/01 to end of march 2015",
            "100 usd in eur yesterday", "rate usd eur 1 march 2024", "100 usd eur on march 1, 2024", "rate usd eur 01/15/2024",
            "history usd eur 2024", "history usd eur last month", "100 usd in eur on march 3rd 2024", "100 usd in eur on christmas 2024",
            "100 usd in eur at the end of 2024",
        ])

    public static let numbers = HelpTopic(
        name: "numbers", aliases: ["amounts", "number_format"],
        summary: "How amounts are read, in any locale's notation",
        discussion: """
            Groups and decimals: 1,234.56, 1.234,56, 1 234,56, 1'234.50, 1_000, 1,00,000 (Indian).
            With two marks the last is the decimal mark; one mark repeated groups (1.234.567);
            apostrophes, underscores and spaces group; a lone ',' or '.' before other than three
            digits is the decimal mark (12,5 is 12.5).
            Only a lone mark before exactly three digits is ambiguous: 1,234 is 1234 and 1.234 is
            1.234, unless the number_format setting says otherwise (en, de, fr, ch, in: with de
            and fr, 1.234 is 1234 and 1,234 is 1.234).
            Scales: 1.5k, 2m, 3bn, or as words: thousand, million (m, mn), billion (bn), lakh
            (lakhs, lac: 10^5), crore (crores, cr: 10^7); 만 10^4, 억 10^8, 천 10^3, 조 10^12,
            万 10^4, 億 10^8, 千 10^3, 兆 10^12 (₩12만 is 120,000 KRW).
            Amounts are exact decimals below 10^24 with at most 38 significant digits.
            """,
        examples: [
            "1,234.56 gbp usd", "1.234,56 eur usd", "1'234.50 chf eur", "1_000 usd eur", "12,5 eur usd", "1,00,000 inr usd",
            "₩12만 usd", "3억 krw usd", "5万 jpy usd", "1.5k eur usd",
        ])
}
