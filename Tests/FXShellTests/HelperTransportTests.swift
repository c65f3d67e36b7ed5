import FXRates
@testable import FXShell
import Foundation
import Testing

/// fx's side of the network helper: it spawns `fx-fetch`, hands it the request on stdin and
/// reads the answer; these helpers are small shell scripts standing in for it.
/// Serialized: a script written while another test spawns a process can be "busy" when run.
@Suite(.serialized) struct HelperTransportTests {
    static func helper(_ script: String) throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-helper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("fx-fetch").path
        // Written through a close-on-exec descriptor: one inherited by a process another test
        // spawns at that moment would keep the script "busy" and unrunnable.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        let text = Array(("#!/bin/sh\n" + script + "\n").utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return (path, directory)
    }

    static let request = HTTPRequest(
        url: URL(string: "http://127.0.0.1:9/x?app_id=SECRET")!, headers: ["If-None-Match": "\"a\""],
        timeout: 0.5, maxBytes: 1 << 16)

    @Test func readsTheHeadAndTheBodyTheHelperWrites() async throws {
        // The stand-in echoes the request it received as the body, so both directions are checked.
        let (path, directory) = try Self.helper(#"printf '{"status":203,"headers":{"etag":"\\"b\\""}}\n'; cat"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A deadline a loaded machine cannot miss: this test is about the wire, not the clock.
        var request = Self.request
        request.timeout = 10
        let response = try await HelperTransport(helper: path).get(request)
        #expect(response.status == 203)
        #expect(response.header("ETag") == "\"b\"")
        let sent = try #require(FetchWire.decodeRequest(response.body))
        #expect(sent == request)
    }

    @Test func aHelperThatHangsIsKilledAfterTheDeadline() async throws {
        let (path, directory) = try Self.helper("exec sleep 30")
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = Date()
        await #expect(throws: TransportError.timedOut(seconds: 0.5)) { try await HelperTransport(helper: path).get(Self.request) }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func garbageFromTheHelperIsAClearFailure() async throws {
        let (path, directory) = try Self.helper("echo '<html>oops</html>'")
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: TransportError.other("the network helper gave no answer")) {
            try await HelperTransport(helper: path).get(Self.request)
        }
    }

    @Test func aHelperThatCrashesIsNamedAsSuch() async throws {
        let (path, directory) = try Self.helper("kill -SEGV $$")
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: TransportError.other("the network helper fx-fetch crashed (signal 11)")) {
            try await HelperTransport(helper: path).get(Self.request)
        }
    }

    @Test func aHelperInterruptedByCtrlCIsACancellation() async throws {
        let (path, directory) = try Self.helper("kill -INT $$")
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: TransportError.cancelled) { try await HelperTransport(helper: path).get(Self.request) }
    }

    @Test func aBodyFarOverTheCapIsRefused() async throws {
        let (path, directory) = try Self.helper(#"printf '{"status":200}\n'; head -c 2000000 /dev/zero"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: TransportError.tooLarge(limit: 1 << 16)) { try await HelperTransport(helper: path).get(Self.request) }
    }

    @Test func aMissingHelperSaysSoWithoutTheURL() async throws {
        do {
            _ = try await HelperTransport(helper: "/nonexistent/fx-fetch").get(Self.request)
            Issue.record("expected a failure")
        } catch {
            guard case .other(let text) = error else { Issue.record("unexpected \(error)"); return }
            #expect(text.contains("/nonexistent/fx-fetch") && !text.contains("SECRET"))
        }
    }

    @Test func plainHTTPOffThisMachineIsRefusedBeforeAnythingRuns() async {
        let request = HTTPRequest(url: URL(string: "http://example.com/")!)
        await #expect(throws: TransportError.insecureURL) { try await HelperTransport(helper: "/nonexistent").get(request) }
    }

    @Test(arguments: [
        TransportError.timedOut(seconds: 1.5), .tooLarge(limit: 1024), .insecureURL, .redirectRefused,
        .cannotConnect("connection refused"), .cancelled, .other("TLS failed"),
    ])
    func failuresCrossTheWireUnchanged(_ failure: TransportError) {
        #expect(FetchWire.decodeResponse(FetchWire.head(.failure(failure))) == .failure(failure))
    }
}

/// fx's ECB fetcher asks the helper to fetch and read a file in one run (`ECBFetchWire`); stand-in
/// scripts play the helper here, answering what the test wrote beside them, and keep the request
/// they were sent. The fault matrix runs the real helper.
@Suite(.serialized) struct HelperECBFetcherTests {
    static let request = SourceRequest(
        url: URL(string: "http://127.0.0.1:9/eurofxref-daily.xml")!,
        validators: Validators(etag: "\"a\""), timeout: 0.5, maxBytes: 64 << 10)

    /// A stand-in that keeps its stdin as `request` and answers with `answer`.
    static func helper(answering answer: Data) throws -> (path: String, directory: URL) {
        let (path, directory) = try HelperTransportTests.helper(#"cat > "$(dirname "$0")/request"; cat "$(dirname "$0")/answer""#)
        try answer.write(to: directory.appendingPathComponent("answer"))
        return (path, directory)
    }

    static func sent(_ directory: URL) throws -> (request: SourceRequest, file: ECBFetchWire.File)? {
        ECBFetchWire.decodeRequest(try Data(contentsOf: directory.appendingPathComponent("request")))
    }

    @Test func oneRunFetchesAndReadsTheXMLAndTheTablesComeBack() async throws {
        let tables = [RateTable(base: .eur, date: Day(iso: "2026-11-23")!, rates: [CurrencyCode("USD")!: Decimal(string: "1.1172")!])]
        let validators = Validators(etag: "\"b\"")
        let (path, directory) = try Self.helper(answering: ECBFetchWire.answer(.success(.fetched(tables, validators))))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await HelperECBFetcher(helper: path).tables(Self.request) == .fetched(tables, validators))
        let sent = try #require(try Self.sent(directory))
        #expect(sent.request == Self.request && sent.file == .xml)
    }

    @Test func aZipIsAskedForAsSuchAndItsCSVComesBack() async throws {
        let csv = Data("Date,USD,\n2026-11-23,1.1172,\n".utf8)
        let (path, directory) = try Self.helper(answering: ECBFetchWire.answer(csv: .success(csv)))
        defer { try? FileManager.default.removeItem(at: directory) }
        let request = SourceRequest(url: URL(string: "http://127.0.0.1:9/eurofxref-hist.zip")!, timeout: 0.5, maxBytes: 16 << 20)
        #expect(try await HelperECBFetcher(helper: path).historyCSV(request) == csv)
        #expect(try Self.sent(directory)?.file == .zip)
    }

    @Test func notModifiedComesBack() async throws {
        let (path, directory) = try Self.helper(answering: ECBFetchWire.answer(.success(.notModified)))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await HelperECBFetcher(helper: path).tables(Self.request) == .notModified)
    }

    @Test(arguments: [
        FetchFailure.duplicateDate(Day(iso: "2026-11-20")!), .throttled(status: 429, retryAfter: .seconds(60)),
        .transport(.timedOut(seconds: 0.5)), .httpStatus(404), .htmlBody,
    ])
    func theHelpersFailureIsTheFetchersFailure(failure: FetchFailure) async throws {
        let (path, directory) = try Self.helper(answering: ECBFetchWire.answer(.failure(failure)))
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: failure) { try await HelperECBFetcher(helper: path).tables(Self.request) }
    }

    @Test func noAnswerIsAClearFailure() async throws {
        let (path, directory) = try HelperTransportTests.helper("exit 0")
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: FetchFailure.transport(.other("the network helper gave no answer"))) {
            try await HelperECBFetcher(helper: path).tables(Self.request)
        }
    }

    @Test func aCrashIsNamedAsSuch() async throws {
        let (path, directory) = try HelperTransportTests.helper("kill -SEGV $$")
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: FetchFailure.transport(.other("the network helper fx-fetch crashed (signal 11)"))) {
            try await HelperECBFetcher(helper: path).tables(Self.request)
        }
    }

    @Test func plainHTTPOffThisMachineIsRefusedBeforeAnythingRuns() async {
        let request = SourceRequest(url: URL(string: "http://example.com/eurofxref-daily.xml")!, timeout: 15, maxBytes: 1 << 16)
        await #expect(throws: FetchFailure.transport(.insecureURL)) { try await HelperECBFetcher(helper: "/nonexistent").tables(request) }
    }

    /// The helper's run is one request for usage.json, answered or not; a refused URL none.
    @Test func eachRunIsCountedAsOneRequest() async throws {
        let (path, directory) = try Self.helper(answering: ECBFetchWire.answer(.success(.notModified)))
        defer { try? FileManager.default.removeItem(at: directory) }
        let fetcher = HelperECBFetcher(helper: path)
        let answered = await RequestCount.counting { () async throws(FetchFailure) in
            _ = try await fetcher.tables(Self.request)
            _ = try await fetcher.tables(Self.request)
        }
        #expect(answered.requests == 2)
        let failed = await RequestCount.counting { () async throws(FetchFailure) in
            _ = try await HelperECBFetcher(helper: "/nonexistent/fx-fetch").tables(Self.request)
        }
        #expect(failed.requests == 1)
        let refused = await RequestCount.counting { () async throws(FetchFailure) in
            let request = SourceRequest(url: URL(string: "http://example.com/eurofxref-daily.xml")!, timeout: 15, maxBytes: 1 << 16)
            _ = try await fetcher.tables(request)
        }
        #expect(refused.requests == 0)
    }
}
