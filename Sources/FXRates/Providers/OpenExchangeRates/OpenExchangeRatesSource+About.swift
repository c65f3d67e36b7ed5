extension OpenExchangeRatesSource {
    /// Open Exchange Rates as fx lists it: asked once its App ID is set, within the free plan's allowance.
    public static let about = SourceDescription(
        id: .oxr, name: "Open Exchange Rates", quoting: .currency(.usd), keyVariable: keyVariable, defaultURL: defaultBaseURL,
        requires: [.key], monthlyQuota: freePlanMonthlyRequests,
        capabilities: SourceCapabilities(frequency: .intraday(every: 3600), calendar: "every day", precision: .decimals(6)),
        make: { context in
            OpenExchangeRatesSource(
                appID: context.key, baseURL: context.url, transport: context.transport, timeout: context.timeout,
                clock: context.clock)
        })
}
