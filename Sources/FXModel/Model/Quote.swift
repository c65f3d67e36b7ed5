/// The price of `to` in `from`, kept as the two legs through the table's base so that
/// conversions divide once, at the end, and stay exact to the last digit that matters.
public struct Quote: Sendable, Equatable {
    public let from: CurrencyCode
    public let to: CurrencyCode
    /// Units of `from` per base unit, and units of `to` per base unit.
    public let fromPerBase: Decimal
    public let toPerBase: Decimal
    public let provenance: Provenance
    /// For a cross through two sources: the second source (for `to`), and the currency both
    /// price, which then stands as the base of the two legs.
    public var secondLeg: Provenance?
    public var via: CurrencyCode?
    /// The same rate in the source's previous publication, for change and change %.
    public var previous: (day: Day, rate: Decimal)?
    /// The coarsest leg, when a rate used has fewer than `RatePrecision.enough` significant digits.
    public var coarse: CoarseRate?

    public static func == (lhs: Quote, rhs: Quote) -> Bool {
        lhs.from == rhs.from && lhs.to == rhs.to && lhs.fromPerBase == rhs.fromPerBase && lhs.toPerBase == rhs.toPerBase
            && lhs.provenance == rhs.provenance && lhs.secondLeg == rhs.secondLeg && lhs.via == rhs.via
            && lhs.previous?.day == rhs.previous?.day && lhs.previous?.rate == rhs.previous?.rate && lhs.coarse == rhs.coarse
    }

    public init(
        from: CurrencyCode, to: CurrencyCode, fromPerBase: Decimal, toPerBase: Decimal, provenance: Provenance,
        secondLeg: Provenance? = nil, via: CurrencyCode? = nil
    ) {
        self.from = from
        self.to = to
        self.fromPerBase = fromPerBase
        self.toPerBase = toPerBase
        self.provenance = provenance
        self.secondLeg = secondLeg
        self.via = via
    }

    /// Every source this quote rests on.
    public var provenances: [Provenance] { [provenance] + (secondLeg.map { [$0] } ?? []) }

    /// Units of `to` for one unit of `from` (38 significant digits).
    public var rate: Decimal { toPerBase / fromPerBase }

    /// `amount` of `from` in `to` to 38 significant digits: amount × to ÷ from, multiplying
    /// first, exactly; nil where the product is beyond a Decimal (`Decimal.exactProduct`).
    public func convert(_ amount: Decimal) -> Decimal? {
        guard let product = Decimal.exactProduct(amount, toPerBase) else { return nil }
        return fromPerBase == 1 ? product : Decimal.quotient(product, fromPerBase)
    }

    /// `amount` of `from` in `to` rounded once to `places` places, from the exact figure; nil
    /// where that is beyond a Decimal.
    public func convert(_ amount: Decimal, places: Int) -> Decimal? {
        Decimal.product(amount, times: toPerBase, over: fromPerBase, places: places)
    }
}
