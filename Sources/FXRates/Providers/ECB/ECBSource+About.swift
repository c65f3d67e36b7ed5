extension ECBSource {
    /// The ECB as fx lists it. Its history comes from the same files, so the source that answers
    /// the latest rates answers dated questions too.
    public static let about = SourceDescription(
        id: .ecb, name: "European Central Bank", quoting: .currency(.eur), defaultURL: defaultBaseURL,
        capabilities: SourceCapabilities(
            history: .ranges, frequency: .daily(at: "16:00 Frankfurt time"), calendar: "on TARGET working days",
            precision: .significantDigits(5)),
        make: { context in ECBSource(baseURL: context.url, files: context.io.ecbFiles, timeout: context.timeout) },
        // A cast to the concrete type: one to a protocol would scan every conformance record.
        history: { latest, _ in latest as? ECBSource })
}
