import CProcessGuard
import FXFetchKit
#if canImport(Glibc)
import Glibc
#endif

// fx's network helper: one request from stdin, one answer on stdout (fx's FetchWire and
// ECBFetchWire). fx starts it only when a source must be asked. A plain request is answered with
// the response; a request to fetch and read one of the ECB's files with its tables as CSV.

/// Run by hand, it says what it is and stops: status 2, as for any misuse.
func usage() -> Never {
    let line = "usage: fx-fetch < request  (fx's network helper: fx runs it with one JSON request on stdin)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

// The request holds the URL, and an API key may be part of it: this process never leaves a core.
_ = fx_set_dumpable(0)
if CommandLine.arguments.count > 1 || isatty(0) == 1 { usage() }
guard let input = StandardStreams.readAll(0, limit: 1 << 20), let request = HelperRequest(input) else { usage() }

let transport = CurlTransport(userAgent: "fx/0.1", watched: 1)
let output: [UInt8]
switch request {
case .fetch(let fetch): output = HelperAnswer.fetch(transport.get(fetch))
case .ecb(let ecb): output = HelperAnswer.ecb(ECBFetch.answer(ecb, over: transport.get))
}
// fx reads a cut-off answer as a failed fetch: the status tells it the write did not finish.
exit(StandardStreams.writeAll(1, output) ? 0 : 1)
