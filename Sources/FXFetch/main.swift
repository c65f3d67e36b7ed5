import FXNetwork
import FXRates
import FXDocuments
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// fx's network helper: one request from stdin, one answer on stdout (see `FetchWire`).
// fx starts it only when a source must be asked, so fx itself never loads URLSession and libcurl.
// With --read-ecb-xml or --read-ecb-zip it reads an ECB file from stdin instead (see `ECBReadWire`).

let input = FileHandle.standardInput.readDataToEndOfFile()
let output: Data
if CommandLine.arguments.dropFirst().first == ECBReadWire.xmlArgument {
    // The ECB's files are read here so that fx itself never loads XMLParser or ZIPFoundation
    // (see `ECBDocumentReader`).
    output = ECBReadWire.answer(Result { () throws(FetchFailure) in try InProcessECBReader().tables(fromXML: input) })
} else if CommandLine.arguments.dropFirst().first == ECBReadWire.zipArgument {
    output = ECBReadWire.answer(csv: Result { () throws(FetchFailure) in try InProcessECBReader().csv(fromZip: input) })
} else if let request = FetchWire.decodeRequest(input) {
    let result: Result<HTTPResponse, TransportError>
    do {
        result = .success(try await URLSessionTransport(userAgent: "fx/0.1").get(request))
    } catch {
        result = .failure(error)
    }
    var data = FetchWire.head(result)
    if case .success(let response) = result { data.append(response.body) }
    output = data
} else {
    output = FetchWire.head(.failure(.other("the network helper received a malformed request")))
}
FileHandle.standardOutput.write(output)
exit(0)
