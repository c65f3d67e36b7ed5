/// An asset or currency a fetch asked for and could not price, and why: XRP, which Coinbase
/// answered with 404 "Invalid currency". Codable: the cache keeps it with the table (`CachedRates.gaps`).
public struct PriceGap: Sendable, Equatable, Codable {
    public let code: CurrencyCode
    public let failure: FetchFailure

    public init(_ code: CurrencyCode, _ failure: FetchFailure) {
        (self.code, self.failure) = (code, failure)
    }
}

/// The one rule for a fetch that asks for several assets or currencies (Coinbase a request per
/// asset, Kraken's markets, Nasdaq's datasets, Dunamu's records): what answered is kept, and
/// each one that did not becomes a `PriceGap` of the fetch (recorded beside its request count,
/// `RequestCount`), said once as a warning and kept with the table, so that asking for it says
/// why. The fetch fails only when nothing answered (with the first failure, in the order asked),
/// or when a failure concerns the source rather than one asset (`concernsSource`): then the
/// cache is untouched, as for any failed fetch.
enum PartialFetch {
    /// The values that answered, in the order asked; the failures become the fetch's gaps.
    static func kept<Value>(_ answers: [(code: CurrencyCode, result: Result<Value, FetchFailure>)]) throws(FetchFailure)
        -> [(code: CurrencyCode, value: Value)]
    {
        var values: [(code: CurrencyCode, value: Value)] = []
        var gaps: [PriceGap] = []
        for (code, result) in answers {
            switch result {
            case .success(let value): values.append((code, value))
            case .failure(let failure): gaps.append(PriceGap(code, failure))
            }
        }
        try keep(gaps, answered: !values.isEmpty)
        return values
    }

    /// Records `gaps` for the fetch under way, unless nothing `answered` or one of them concerns
    /// the source: then its failure (the first such, else the first gap's) fails the fetch.
    static func keep(_ gaps: [PriceGap], answered: Bool) throws(FetchFailure) {
        if let whole = gaps.first(where: { $0.failure.concernsSource }) { throw whole.failure }
        // Said alone, the failure must name what it was about: "Invalid currency" says not which.
        if !answered, let first = gaps.first { throw first.failure.about(first.code.rawValue) }
        RequestCount.leftOut(gaps)
    }

    /// `ask` for every item at once, the answers in the items' order.
    static func all<Item: Sendable, Value: Sendable>(
        _ items: [Item], _ ask: @escaping @Sendable (Item) async throws(FetchFailure) -> Value
    ) async -> [Result<Value, FetchFailure>] {
        await withTaskGroup(of: (Int, Result<Value, FetchFailure>).self) { group in
            for (index, item) in items.enumerated() {
                group.addTask { (index, await result(of: item, ask)) }
            }
            var answers = [Result<Value, FetchFailure>?](repeating: nil, count: items.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers.map { $0! }
        }
    }

    /// `ask` for each item in turn (a source that allows one request in flight). A failure that
    /// concerns the source, or a timeout (the network itself may be down), fails the fetch there:
    /// asking on would only meet it again, one deadline after another.
    static func oneByOne<Item, Value>(
        _ items: [Item], _ ask: (Item) async throws(FetchFailure) -> Value
    ) async throws(FetchFailure) -> [Result<Value, FetchFailure>] {
        var answers: [Result<Value, FetchFailure>] = []
        for item in items {
            let answer = await result(of: item, ask)
            if case .failure(let failure) = answer, failure.concernsSource || RequestDiscipline.suggestsNoNetwork(failure) {
                throw failure
            }
            answers.append(answer)
        }
        return answers
    }

    // In a function of its own, not in the task group's closure: see `RateService.answer(of:validators:)`.
    private static func result<Item, Value>(
        of item: Item, _ ask: (Item) async throws(FetchFailure) -> Value
    ) async -> Result<Value, FetchFailure> {
        do throws(FetchFailure) { return .success(try await ask(item)) } catch { return .failure(error) }
    }
}

extension FetchFailure {
    /// Said of the source, not of one asset: a server's wait, a refusal for want of configuration,
    /// an interruption. One of these fails a whole fetch even when other assets answered, so that
    /// the wait or the refusal is kept as for any failed fetch.
    var concernsSource: Bool {
        switch self {
        case .throttled, .waitingUntil, .backingOff, .quotaUsedUp, .missingKey, .notConfigured, .transport(.insecureURL),
            .transport(.cancelled):
            true
        default: false
        }
    }
}
