extension DunamuSource {
    /// Dunamu as fx lists it: Hana Bank's KRW rates.
    public static let about = SourceDescription(
        id: .dunamu, name: "Dunamu (Hana Bank)", quoting: .currency(DunamuDecoder.krw), defaultURL: defaultBaseURL,
        capabilities: SourceCapabilities(
            frequency: .intraday(every: revisionInterval), calendar: "on Korean banking days", precision: .decimals(2)),
        make: { context in
            DunamuSource(baseURL: context.url, transport: context.transport, clock: context.clock, timeout: context.timeout)
        })
}
