import FXFetchKit
import FXRates

/// `eurofxref-hist.zip`: one entry, `eurofxref-hist.csv`, read by fx-fetch's own reader
/// (`ZipEntryReader`, zlib). The zip is chosen over the XML history because it is about a tenth
/// of the size to download (≈0.6 MB against ≈7 MB) and its CSV reads in a few milliseconds,
/// where the XML means 300,000 elements.
public enum ECBHistoryArchive {
    /// The CSV inside, refused when the archive is damaged, fails its CRC, or inflates past `maxBytes`.
    public static func csv(from data: Data, maxBytes: Int = ZipEntryReader.defaultMaxBytes) throws(FetchFailure) -> Data {
        do { return Data(try ZipEntryReader.csv(from: Array(data), maxBytes: maxBytes)) } catch { throw FetchFailure(error) }
    }
}
