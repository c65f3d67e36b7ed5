import FXRates

/// The ECB's files fetched over any transport and read in this process by fx-fetch's readers:
/// what the tests run over their fakes (fx itself asks fx-fetch: `HelperECBFetcher`).
public struct InProcessECBFetcher: ECBFileFetcher {
    private let transport: any HTTPTransport

    public init(transport: any HTTPTransport) {
        self.transport = transport
    }

    public func tables(_ request: SourceRequest) async throws(FetchFailure) -> Fetched<[RateTable]> {
        try await SourceFetch.get(request, expecting: .xml, over: transport).map(ECBFeedParser.parse)
    }

    public func historyCSV(_ request: SourceRequest) async throws(FetchFailure) -> Data {
        try ECBHistoryArchive.csv(from: try await SourceFetch.get(request, expecting: .zip, over: transport).value())
    }
}
