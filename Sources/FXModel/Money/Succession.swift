/// A currency replaced by another at a fixed ratio: both codes are answered, and an answer in the
/// old one says which replaced it (`ANG` by `XCG`), so a user of either knows what they got.
public struct Succession: Sendable, Equatable {
    public let code: CurrencyCode
    public let successor: CurrencyCode
    /// The day the successor became legal tender.
    public let since: Day
    /// Units of `code` per unit of `successor` (1: at par).
    public let ratio: Decimal

    /// Every succession fx knows of a code it still answers. ISO 4217 amendment 176: the Caribbean
    /// guilder (XCG) replaced the Netherlands Antillean guilder (ANG) in Curaçao and Sint Maarten on
    /// 31 March 2025, at par; ANG ceased to be legal tender on 30 June 2025.
    public static let all: [Succession] = [
        Succession(code: CurrencyCode("ANG")!, successor: CurrencyCode("XCG")!, since: Day(year: 2025, month: 3, day: 31)!, ratio: 1)
    ]

    /// The succession of `code`, if it was replaced.
    public static func of(_ code: CurrencyCode) -> Succession? { all.first { $0.code == code } }
}
