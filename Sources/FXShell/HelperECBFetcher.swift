import FXRates

/// fx's `ECBFileFetcher`: one run of the helper fx-fetch fetches an ECB file and reads it (see
/// `ECBFetchWire`), so that fx itself never links libcurl, libxml2 or zlib.
public struct HelperECBFetcher: ECBFileFetcher {
    public let location: HelperLocation

    public init(location: HelperLocation) {
        self.location = location
    }

    /// The helper at one path.
    public init(helper: String) {
        self.init(location: HelperLocation([helper]))
    }

    public func tables(_ request: SourceRequest) async throws(FetchFailure) -> Fetched<[RateTable]> {
        let output = try await run(request, .xml)
        guard let result = ECBFetchWire.decodeTables(output) else { throw Self.noAnswer }
        return try result.get()
    }

    public func historyCSV(_ request: SourceRequest) async throws(FetchFailure) -> Data {
        let output = try await run(request, .zip)
        guard let result = ECBFetchWire.decodeCSV(output) else { throw Self.noAnswer }
        return try result.get()
    }

    private static let noAnswer = FetchFailure.transport(.other("the network helper gave no answer"))

    /// Reading takes milliseconds after the fetch; this margin also covers the helper's start.
    private static let margin: TimeInterval = 5
    /// The CSV of the full history is about 2.5 MiB; the helper lets it inflate to 32 MiB.
    private static let maxOutput = 40 << 20

    private func run(_ request: SourceRequest, _ file: ECBFetchWire.File) async throws(FetchFailure) -> Data {
        guard request.url.isAllowedForFetching else { throw .transport(.insecureURL) }
        // The helper sends one request, here rather than through `SourceFetch`: count it here.
        RequestCount.sending()
        let helper = location.path
        let run = ChildProcess(
            path: helper, input: ECBFetchWire.encode(request, reading: file),
            seconds: request.timeout + Self.margin, maxBytes: Self.maxOutput)
        switch await run.output() {
        case .success(let output):
            FetchProgress.watcher?.received(bytes: output.count)
            return output
        case .failure(let failure):
            throw .transport(TransportError(failure, helper: helper, timeout: request.timeout, maxBytes: Self.maxOutput))
        }
    }
}
