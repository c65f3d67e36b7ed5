/// One Nasdaq Data Link dataset and the pair its values price, as the config gives it:
/// `{"database": "BOE", "code": "XUDLUSS", "base": "USD", "quote": "GBP"}`.
public struct NasdaqDatasetSetting: Decodable, Sendable, Equatable {
    public var database: String
    public var code: String
    public var base: String
    public var quote: String
    /// The value is units of `base` per `quote` rather than `quote` per `base`.
    public var inverted: Bool?
    /// The column holding the rate, when the dataset has several.
    public var column: String?

    /// The dataset the source will accept: plain path names and a pair of two different ISO codes.
    var dataset: NasdaqDataset? {
        guard let base = CurrencyCode(base.uppercased()), let quote = CurrencyCode(quote.uppercased()) else { return nil }
        return NasdaqDataset(database: database, code: code, base: base, quote: quote, inverted: inverted ?? false, column: column)
    }

    /// `datasets` in Nasdaq's config entry: the usable ones as `[NasdaqDataset]`, each other one ignored with a warning.
    static let option = SourceOption(
        name: "datasets",
        meaning: #"the datasets to ask, as [{"database": "BOE", "code": "XUDLUSS", "base": "USD", "quote": "GBP"}]."#
    ) { decoder in
        let settings = try [NasdaqDatasetSetting](from: decoder)
        let datasets = settings.compactMap(\.dataset)
        let ignored = settings.filter { $0.dataset == nil }.map { dropped in
            SourceOption.Ignored(
                what: "the Nasdaq dataset '\(dropped.database)/\(dropped.code)'",
                fix: "give letters, digits or _ for database and code, and two different currency codes")
        }
        return SourceOption.Reading(value: datasets.isEmpty ? nil : datasets, ignored: ignored)
    }
}
