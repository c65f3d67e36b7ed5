/// One institution as Frankfurter v2's `providers` route describes it: `{"key":"HMRC","name":…,
/// "country_code":"GB","rate_type":…,"pivot_currency":"GBP","start_date":…,"end_date":…,
/// "publish_cadence":"monthly","currencies":[…]}`. The list is Frankfurter's to change (keys come
/// and go with its releases), so fx reads it rather than naming institutions itself.
public struct FrankfurterProvider: Sendable, Equatable {
    /// "HMRC", "NBP.B".
    public var key: String
    public var name: String
    /// ISO 3166 country: "GB".
    public var country: String?
    /// The institution's own wording: "monthly customs rate".
    public var rateType: String?
    public var pivot: String?
    /// `publish_cadence`, else the newer `frequency`: daily, weekly, monthly, quarterly; nil when unsaid.
    public var frequency: String?
    /// The first and newest rows Frankfurter holds.
    public var firstDay: Day?
    public var lastDay: Day?
    public var currencies: [String]

    public init(
        key: String, name: String, country: String? = nil, rateType: String? = nil, pivot: String? = nil,
        frequency: String? = nil, firstDay: Day? = nil, lastDay: Day? = nil, currencies: [String] = []
    ) {
        (self.key, self.name, self.country, self.rateType, self.pivot) = (key, name, country, rateType, pivot)
        (self.frequency, self.firstDay, self.lastDay, self.currencies) = (frequency, firstDay, lastDay, currencies)
    }

    /// fx's source id for this institution when it has one: `hmrc` for HMRC (a key such as
    /// `NBP.B`, one dataset of an institution, has none of its own).
    public var sourceID: SourceID { SourceID(key.lowercased()) }

    /// The body of `/v2/providers`, sorted by key. Unknown fields are skipped and null ones left
    /// unsaid; a provider without a key or a name is refused, as is a body that is not an array.
    public static func decode(_ data: Data) throws(FetchFailure) -> [FrankfurterProvider] {
        var json = JSONScanner<FetchFailure>(data)
        var providers: [FrankfurterProvider] = []
        try json.elements { json throws(FetchFailure) in
            var provider = FrankfurterProvider(key: "", name: "")
            var cadence: String?, frequency: String?
            try json.members { json, field throws(FetchFailure) in
                func text() throws(FetchFailure) -> String? { try json.null() ? nil : ProviderText.clean(try json.string()) }
                func day() throws(FetchFailure) -> Day? {
                    guard let value = try text() else { return nil }
                    guard let day = Day(iso: value) else { throw .malformed("'\(value)' is not a date") }
                    return day
                }
                switch field {
                case "key": provider.key = try text() ?? ""
                case "name": provider.name = try text() ?? ""
                case "country_code": provider.country = try text()
                case "rate_type": provider.rateType = try text()
                case "pivot_currency": provider.pivot = try text()
                case "publish_cadence": cadence = try text()
                case "frequency": frequency = try text()
                case "start_date", "coverage_start": provider.firstDay = try day() ?? provider.firstDay
                case "end_date": provider.lastDay = try day()
                case "currencies":
                    guard !(try json.null()) else { return }
                    try json.elements { json throws(FetchFailure) in provider.currencies.append(ProviderText.clean(try json.string())) }
                default: try json.skipValue()
                }
            }
            guard !provider.key.isEmpty, !provider.name.isEmpty else { throw .malformed("a provider without its key or name") }
            provider.frequency = cadence ?? frequency
            providers.append(provider)
        }
        try json.end()
        return providers.sorted { $0.key < $1.key }
    }
}
