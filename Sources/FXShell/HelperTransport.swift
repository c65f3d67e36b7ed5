import FXAnswers
import FXRates
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The production `HTTPTransport` of `fx`: each request runs in the helper `fx-fetch`
/// (libcurl) installed beside fx. Loading libcurl and its libraries costs milliseconds of
/// start-up, which every answer from the cache would pay; a helper costs that only when fetching.
/// The helper enforces the request's limits; this side enforces them again by killing it.
public struct HelperTransport: HTTPTransport {
    public let helper: String

    public init(helper: String) {
        self.helper = helper
    }

    /// `fx-fetch` in the directory of the running executable.
    public static func besideExecutable() -> HelperTransport {
        #if os(Linux)
        // One system call; `Bundle.main` costs a tenth of an answer from the cache to set up.
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        if count > 0 {
            let executable = String(decoding: path[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return HelperTransport(helper: Paths.directory(of: executable) + "/fx-fetch")
        }
        #endif
        #if canImport(Darwin)
        var size = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) {
            defer { free(resolved) }
            return HelperTransport(helper: Paths.directory(of: String(cString: resolved)) + "/fx-fetch")
        }
        #endif
        return HelperTransport(helper: onPath("fx-fetch"))
    }

    /// `name` in an absolute directory of PATH, for an fx that cannot tell where it is itself;
    /// never a path relative to the working directory, where anyone's `fx-fetch` could be
    /// handed a key. Unfound, a path that names what is missing.
    static func onPath(_ name: String) -> String {
        let directories = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":")
        for directory in directories where directory.hasPrefix("/") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return "/" + name + " (not beside fx, nor on PATH)"
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard request.url.isAllowedForFetching else { throw .insecureURL }
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
