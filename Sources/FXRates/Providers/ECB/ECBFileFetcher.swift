/// Fetches one of the ECB's files through the shared fetch step (`SourceFetch`) and reads it:
/// the XML (daily, 90-day) into EUR-based tables, the zipped history into the CSV inside.
/// Reading needs libxml2 and zlib, fetching needs libcurl, and loading them would cost every
/// answer from the cache: fx asks its helper to do both in one request (`HelperECBFetcher`).
/// Tests do it in process with the helper's readers (`InProcessECBFetcher`).
public protocol ECBFileFetcher: Sendable {
    /// The tables of an XML file, oldest first, or `.notModified` for a 304 to a conditional request.
    func tables(_ request: SourceRequest) async throws(FetchFailure) -> Fetched<[RateTable]>
    /// The CSV inside the zipped history (asked unconditionally).
    func historyCSV(_ request: SourceRequest) async throws(FetchFailure) -> Data
}
