extension CoinbaseSource {
    /// Coinbase as fx lists it: crypto spot prices in USD, no key.
    public static let about = SourceDescription(
        id: .coinbase, name: "Coinbase", quoting: .currency(usd), defaultURL: defaultBaseURL,
        option: FreshnessSetting.option,
        capabilities: SourceCapabilities(
            history: .dates, frequency: .continuous, calendar: "every day", precision: .byMagnitude),
        make: { context in
            CoinbaseSource(
                baseURL: context.url, setting: context.option as? ExchangeSetting ?? ExchangeSetting(),
                transport: context.transport, clock: context.clock, timeout: context.timeout)
        },
        history: { latest, _ in latest as? CoinbaseSource })
}
