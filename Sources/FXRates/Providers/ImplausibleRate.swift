/// A rate `Plausibility` refused: which, of what figure, and what it was judged against.
public struct ImplausibleRate: Sendable, Equatable, Codable {
    public let base: CurrencyCode
    public let currency: CurrencyCode
    public let figure: Decimal
    public let day: Day
    /// What the figure jumped from; nil when it is beyond the bounds.
    public let reference: Reference?

    public init(base: CurrencyCode, currency: CurrencyCode, figure: Decimal, day: Day, reference: Reference? = nil) {
        self.base = base
        self.currency = currency
        self.figure = figure
        self.day = day
        self.reference = reference
    }

    /// The figure a doubted one was judged against: the same source's previous publication
    /// (`source` nil) or another source's.
    public struct Reference: Sendable, Equatable, Codable {
        public let figure: Decimal
        public let day: Day
        public let source: SourceID?

        public init(figure: Decimal, day: Day, source: SourceID?) {
            self.figure = figure
            self.day = day
            self.source = source
        }
    }
}
