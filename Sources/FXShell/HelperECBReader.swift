import FXAnswers
import FXRates

/// fx's `ECBDocumentReader`: the helper fx-fetch reads the XML (see `ECBReadWire`), so that fx
/// itself never links XMLParser and the libxml2 and ICU libraries every start would load.
/// It runs only when an ECB file has arrived, after a fetch that took far longer.
public struct HelperECBReader: ECBDocumentReader {
    public let helper: String

    public init(helper: String) {
        self.helper = helper
    }

    public func tables(fromXML body: Data) async throws(FetchFailure) -> [RateTable] {
        let output = try await run(ECBReadWire.xmlArgument, body)
        guard let result = ECBReadWire.decode(output) else { throw Self.noAnswer }
        return try result.get()
    }

    public func csv(fromZip body: Data) async throws(FetchFailure) -> Data {
        let output = try await run(ECBReadWire.zipArgument, body)
        guard let result = ECBReadWire.decodeCSV(output) else { throw Self.noAnswer }
        return try result.get()
    }

    private static let noAnswer = FetchFailure.transport(.other("the helper fx-fetch could not read the ECB's file"))

    /// The helper's answer; the CSV of a full history is about 2.5 MiB, its cap 32 MiB.
    private func run(_ argument: String, _ body: Data) async throws(FetchFailure) -> Data {
        let run = HelperRun(helper: helper, arguments: [argument], input: .file(body), seconds: 30, maxBytes: 40 << 20)
        switch await run.output() {
        case .success(let output): return output
        case .failure(let error): throw .transport(error)
        }
    }
}
