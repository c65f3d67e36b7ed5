extension NasdaqDataLinkSource {
    /// Nasdaq Data Link as fx lists it: asked once its key and the datasets to read are set, since
    /// the free FX databases are retired and which datasets to ask is the user's choice.
    public static let about = SourceDescription(
        id: .nasdaq, name: "Nasdaq Data Link", quoting: .perSeries("dataset"), keyVariable: keyVariable,
        defaultURL: defaultBaseURL, requires: [.key, .option], option: NasdaqDatasetSetting.option,
        capabilities: SourceCapabilities(
            history: .ranges, frequency: .perSeries, calendar: "on weekdays", precision: .perSeries),
        make: { context in
            NasdaqDataLinkSource(
                baseURL: context.url, apiKey: context.key, datasets: context.option as? [NasdaqDataset] ?? [],
                transport: context.transport, clock: context.clock, timeout: context.timeout)
        },
        history: { latest, _ in latest as? NasdaqDataLinkSource })
}
