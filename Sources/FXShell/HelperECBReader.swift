import FXRates
import Foundation

/// fx's `ECBDocumentReader`: the helper fx-fetch reads the XML (see `ECBReadWire`), so that fx
/// itself never links XMLParser and the libxml2 and ICU libraries every start would load.
/// It runs only when an ECB file has arrived, after a fetch that took far longer.
public struct HelperECBReader: ECBDocumentReader {
    public let helper: String

    public init(helper: String) {
        self.helper = helper
    }

    public func tables(fromXML body: Data) async throws(FetchFailure) -> [RateTable] {
        let run = HelperRun(helper: helper, arguments: [ECBReadWire.argument], input: .file(body),
                            seconds: 30, maxBytes: 64 << 20)
        switch await run.output() {
        case .success(let output):
            guard let result = ECBReadWire.decode(output) else {
                throw .transport(.other("the helper fx-fetch could not read the ECB's file"))
            }
            return try result.get()
        case .failure(let error):
            throw .transport(error)
        }
    }
}
