import FXRates
import Foundation
import ZIPFoundation

/// `eurofxref-hist.zip`: one entry, `eurofxref-hist.csv`. The zip is chosen over the XML
/// history because it is about a tenth of the size to download (≈0.6 MB against ≈7 MB) and
/// its CSV reads in a few milliseconds, where the XML means 300,000 parser callbacks.
public enum ECBHistoryArchive {
    /// The CSV inside, refused when the archive is damaged, fails its CRC, or inflates past `maxBytes`.
    public static func csv(from data: Data, maxBytes: Int = 32 << 20) throws(FetchFailure) -> Data {
        try BodyCheck.rejectNonZip(data)
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch {
            throw .malformed("unreadable zip archive")
        }
        guard let entry = archive.first(where: { $0.type == .file && $0.path.lowercased().hasSuffix(".csv") }) else {
            throw .malformed("the zip archive holds no CSV file")
        }
        guard entry.uncompressedSize <= UInt64(maxBytes) else { throw .malformed("the CSV inflates past \(maxBytes >> 20) MiB") }
        var csv = Data()
        csv.reserveCapacity(Int(entry.uncompressedSize))
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                csv.append(chunk)
                if csv.count > maxBytes { throw CocoaError(.fileReadTooLarge) }
            }
        } catch {
            throw .malformed("the zip archive is damaged (\(error is CocoaError ? "too large" : "bad data"))")
        }
        // Extracting to memory computes the CRC but leaves comparing it to the caller.
        guard checksum == entry.checksum, csv.count == Int(entry.uncompressedSize) else {
            throw .malformed("the zip archive is damaged (checksum mismatch)")
        }
        return csv
    }
}
