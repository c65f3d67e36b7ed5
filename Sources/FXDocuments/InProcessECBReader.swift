import FXRates
import Foundation

/// The reader fx's helper and the tests use: XMLParser and ZIPFoundation, in this process.
public struct InProcessECBReader: ECBDocumentReader {
    public init() {}

    public func tables(fromXML body: Data) throws(FetchFailure) -> [RateTable] {
        try ECBFeedParser.parse(body)
    }

    public func csv(fromZip body: Data) throws(FetchFailure) -> Data {
        try ECBHistoryArchive.csv(from: body)
    }
}
