/// Reads the ECB's files: its XML into EUR-based tables (oldest first), its zipped history into
/// the CSV inside. The reader that does it in process, `InProcessECBReader` (FXDocuments), needs
/// XMLParser (libxml2) and ZIPFoundation (Foundation), which would cost every answer from the
/// cache a millisecond of loading: fx reads through its helper (`HelperECBReader`) instead, and
/// only when a file arrives. Tests and the helper read in process.
public protocol ECBDocumentReader: Sendable {
    func tables(fromXML body: Data) async throws(FetchFailure) -> [RateTable]
    func csv(fromZip body: Data) async throws(FetchFailure) -> Data
}
