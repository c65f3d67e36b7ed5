import FXAnswers
import FXRates
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The production `HTTPTransport` of `fx`: each request runs in the helper `fx-fetch`
/// (`HelperLocation` says where it is). Loading libcurl and its libraries costs milliseconds of start-up on
/// Linux, which every answer from the cache would pay; a helper costs that only when fetching.
/// The helper enforces the request's limits; this side enforces them again by killing it.
public struct HelperTransport: HTTPTransport {
    public let location: HelperLocation

    public init(location: HelperLocation) {
        self.location = location
    }

    /// The helper at one path.
    public init(helper: String) {
        self.init(location: HelperLocation([helper]))
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard request.url.isAllowedForFetching else { throw .insecureURL }
        let helper = location.path
        // The helper keeps the request's own deadline and size limit; these, a little wider,
        // cover a helper that hangs or runs away.
        let run = ChildProcess(
            path: helper, input: FetchWire.encode(request),
            seconds: request.timeout + 2, maxBytes: request.maxBytes + (64 << 10))
        let output = await run.output().mapError {
            TransportError($0, helper: helper, timeout: request.timeout, maxBytes: request.maxBytes)
        }
        return try output.flatMap(FetchWire.decodeResponse).get()
    }
}

extension TransportError {
    /// A run of the helper that gave no answer, said as the request's failure: its deadline is
    /// the request's, whatever margin the run had, and its size cap the one the caller names.
    init(_ failure: ChildProcess.Failure, helper: String, timeout: TimeInterval, maxBytes: Int) {
        switch failure {
        // Ctrl-C at a terminal reaches the helper too: that is the user interrupting.
        case .cancelled, .interrupted: self = .cancelled
        case .timedOut: self = .timedOut(seconds: timeout)
        case .tooLarge: self = .tooLarge(limit: maxBytes)
        case .cannotPrepare(let reason): self = .other("cannot start the network helper" + (reason.map { ": \($0)" } ?? ""))
        case .cannotStart(let reason): self = .other("cannot run the network helper \(helper): \(reason)")
        // A helper that died by a signal says nothing useful on stdout: name the crash.
        case .crashed(let signal): self = .other("the network helper fx-fetch crashed (signal \(signal))")
        }
    }
}
