extension FrankfurterSource {
    /// Frankfurter as fx lists it: the ECB's rates again, from another server.
    public static let about = SourceDescription(
        id: .frankfurter, name: "Frankfurter", quoting: .currency(.eur), defaultURL: defaultBaseURL,
        // The ECB's publications, republished: the same schedule, digits and reach.
        capabilities: ECBSource.about.capabilities,
        make: { context in FrankfurterSource(baseURL: context.url, transport: context.transport, timeout: context.timeout) },
        // The same source answers dated questions, within the same deadline (`FX_TIMEOUT`).
        history: { latest, _ in latest as? FrankfurterSource })
}
