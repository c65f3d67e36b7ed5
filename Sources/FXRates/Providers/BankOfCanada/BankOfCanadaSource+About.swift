extension BankOfCanadaSource {
    /// The Bank of Canada as fx lists it.
    public static let about = SourceDescription(
        id: .boc, name: "Bank of Canada", quoting: .currency(CurrencyCode("CAD")!), defaultURL: defaultBaseURL,
        capabilities: SourceCapabilities(
            history: .ranges, frequency: .daily(at: "16:30 Toronto time"), calendar: "on the Bank's business days",
            precision: .decimals(4)),
        make: { context in
            BankOfCanadaSource(baseURL: context.url, transport: context.transport, clock: context.clock, timeout: context.timeout)
        },
        // The same deadline as every request (`FX_TIMEOUT`): a dated question never waits longer than it.
        history: { _, context in
            BankOfCanadaSource(baseURL: context.url, transport: context.transport, clock: context.clock, timeout: context.timeout)
        })
}
