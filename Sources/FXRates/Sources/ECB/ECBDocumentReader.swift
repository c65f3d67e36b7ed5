import Foundation

/// Reads the ECB's XML files into EUR-based tables, oldest first. The reader that does it,
/// `ECBXMLReader` (FXXML), needs Foundation's XMLParser and so libxml2 and ICU, which would cost
/// every answer from the cache half a millisecond of loading: fx reads through its helper
/// (`HelperECBReader`) instead, and only when a file arrives. Tests and the helper read in process.
public protocol ECBDocumentReader: Sendable {
    func tables(fromXML body: Data) async throws(FetchFailure) -> [RateTable]
}
