import FXNetwork
import FXRates
import FXDocuments
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// fx's network helper: one request from stdin, one answer on stdout. fx starts it only when a
// source must be asked, so fx itself never loads URLSession and libcurl. A plain request
// (`FetchWire`) is answered with the response; a request to fetch and read one of the ECB's
// files (`ECBFetchWire`) with its tables, read here so that fx never loads XMLParser or ZIPFoundation.

let input = FileHandle.standardInput.readDataToEndOfFile()
let transport = URLSessionTransport(userAgent: "fx/0.1")
let output: Data
if let (request, file) = ECBFetchWire.decodeRequest(input) {
    let fetcher = InProcessECBFetcher(transport: transport)
    switch file {
    case .xml:
        do { output = ECBFetchWire.answer(.success(try await fetcher.tables(request))) } catch {
            output = ECBFetchWire.answer(.failure(error))
        }
    case .zip:
        do { output = ECBFetchWire.answer(csv: .success(try await fetcher.historyCSV(request))) } catch {
            output = ECBFetchWire.answer(csv: .failure(error))
        }
    }
} else if let request = FetchWire.decodeRequest(input) {
    let result: Result<HTTPResponse, TransportError>
    do {
        result = .success(try await transport.get(request))
    } catch {
        result = .failure(error)
    }
    var data = FetchWire.head(result)
    if case .success(let response) = result { data.append(response.body) }
    output = data
} else {
    output = FetchWire.head(.failure(.other("the network helper received a malformed request")))
}
// fx reads a cut-off answer as a failed fetch: the status tells it the write did not finish.
do { try FileHandle.standardOutput.write(contentsOf: output) } catch { exit(1) }
exit(0)
