import FXRates
import Foundation
import ZIPFoundation

/// Provider files built from real ECB data, for serving from a loopback server.
public enum ECBFiles {
    /// `eurofxref-hist.zip` holding `csv` as `eurofxref-hist.csv`, deflated as the ECB ships it.
    public static func zip(csv: Data) throws -> Data {
        let archive = try Archive(accessMode: .create)
        try archive.addEntry(
            with: "eurofxref-hist.csv", type: .file, uncompressedSize: Int64(csv.count),
            compressionMethod: .deflate
        ) { position, size in
            csv.subdata(in: Int(position)..<Int(position) + size)
        }
        return archive.data!
    }

    /// The full-history CSV cut to the rows dated `through` or earlier (the file is newest first).
    public static func csv(through last: Day, from csv: Data = ecbFullHistoryCSV) -> Data {
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.enumerated().filter { index, line in
            index == 0 || line.isEmpty || (Day(iso: line.prefix(10)).map { $0 <= last } ?? false)
        }
        return Data(kept.map { String($0.element) }.joined(separator: "\n").utf8)
    }

    /// An `eurofxref-hist-90d.xml`-style document of `tables`, newest first, in the ECB's layout.
    public static func xml(_ tables: [RateTable]) -> Data {
        var text =
            #"<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender><Cube>"#
        for table in tables.sorted(by: { $0.date > $1.date }) {
            text += #"<Cube time="\#(table.date)">"#
            for (code, rate) in table.rates.sorted(by: { $0.key < $1.key }) {
                text += #"<Cube currency="\#(code)" rate="\#(rate)"/>"#
            }
            text += "</Cube>\n"
        }
        return Data((text + "</Cube></gesmes:Envelope>").utf8)
    }
}

extension ECBFiles {
    /// The full-history CSV with every date moved by `days` (a multiple of 7 keeps weekdays),
    /// so that real data can stand at "now" for tests that run against the real clock.
    public static func csv(shiftedBy days: Int, from csv: Data = ecbFullHistoryCSV) -> Data {
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let moved = lines.map { line -> String in
            guard let day = Day(iso: line.prefix(10)) else { return String(line) }
            return day.adding(days: days).description + line.dropFirst(10)
        }
        return Data(moved.joined(separator: "\n").utf8)
    }
}
