extension FrankfurterSource {
    /// Frankfurter as fx lists it: the ECB's rates again, from another server.
    public static let about = SourceDescription(
        id: .frankfurter, name: "Frankfurter", quoting: .currency(.eur), defaultURL: defaultBaseURL,
        capabilities: SourceCapabilities(
            history: .ranges, frequency: .daily(at: "16:00 Frankfurt time"), calendar: "on TARGET working days",
            precision: .significantDigits(5)),
        make: { context in FrankfurterSource(baseURL: context.url, transport: context.transport, timeout: context.timeout) },
        // Its full history is several MiB: a longer deadline than the latest rates'.
        history: { _, context in
            FrankfurterSource(baseURL: context.url, transport: context.transport, timeout: max(context.timeout, 30))
        })
}
