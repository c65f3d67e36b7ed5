extension FrankfurterSource {
    /// Frankfurter as fx lists it: the blend of the central banks and official sources it relays.
    public static let about = SourceDescription(
        id: .frankfurter, name: "Frankfurter", quoting: .currency(.eur), defaultURL: defaultBaseURL,
        capabilities: SourceCapabilities(
            history: .ranges, institutions: true, frequency: .perSeries,
            calendar: "as its institutions publish", precision: .byMagnitude),
        make: { context in FrankfurterSource(baseURL: context.url, transport: context.transport, timeout: context.timeout) },
        // The same source answers dated questions, within the same deadline (`FX_TIMEOUT`).
        history: { latest, _ in latest as? FrankfurterSource })
}
