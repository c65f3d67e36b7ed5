extension KrakenSource {
    /// Kraken as fx lists it: crypto last trades and daily closes in EUR, no key.
    public static let about = SourceDescription(
        id: .kraken, name: "Kraken", quoting: .currency(.eur), defaultURL: defaultBaseURL,
        option: FreshnessSetting.option,
        capabilities: SourceCapabilities(
            history: .ranges, frequency: .continuous, calendar: "every day", precision: .byMagnitude),
        make: { context in
            KrakenSource(
                baseURL: context.url, setting: context.option as? ExchangeSetting ?? ExchangeSetting(),
                transport: context.transport, clock: context.clock, timeout: context.timeout)
        },
        history: { latest, _ in latest as? KrakenSource })
}
