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

    static let request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/x?app_id=SECRET")!, headers: ["If-None-Match": "\"a\""],
                                     timeout: 0.5, maxBytes: 1 << 16)

    @Test func readsTheHeadAndTheBodyTheHelperWrites() async throws {
        // The stand-in echoes the request it received as the body, so both directions are checked.
        let (path, directory) = try Self.helper(#"printf '{"status":203,"headers":{"etag":"\\"b\\""}}\n'; cat"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let response = try await HelperTransport(helper: path).get(Self.request)
        #expect(response.status == 203)
        #expect(response.header("ETag") == "\"b\"")
        let sent = try #require(FetchWire.decodeRequest(response.body))
        #expect(sent == Self.request)
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

    @Test(arguments: [TransportError.timedOut(seconds: 1.5), .tooLarge(limit: 1024), .insecureURL, .redirectRefused,
                      .cannotConnect("connection refused"), .cancelled, .other("TLS failed")])
    func failuresCrossTheWireUnchanged(_ failure: TransportError) {
        #expect(FetchWire.decodeResponse(FetchWire.head(.failure(failure))) == .failure(failure))
    }
}

/// fx's ECB reader hands the XML to the helper (`--read-ecb-xml`) through a temporary file and
/// reads its answer; stand-in scripts play the helper here, the fault matrix runs the real one.
@Suite(.serialized) struct HelperECBReaderTests {
    @Test func aLargeBodyReachesTheHelperWholeAndTheTablesComeBack() async throws {
        // The stand-in answers with one table whose USD rate is the number of bytes it was given,
        // and refuses to answer unless it was asked to read.
        let (path, directory) = try HelperTransportTests.helper("""
            [ "$1" = "--read-ecb-xml" ] || exit 3
            size=$(wc -c | tr -d ' ')
            printf '{}\\nDate,USD,JPY\\n2026-11-23,%s,161.5\\n' "$size"
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = Data(repeating: UInt8(ascii: "x"), count: 3 << 20)  // far past what a pipe holds
        let tables = try await HelperECBReader(helper: path).tables(fromXML: body)
        #expect(tables == [RateTable(base: .eur, date: Day(iso: "2026-11-23")!,
                                     rates: [CurrencyCode("USD")!: Decimal(3 << 20), CurrencyCode("JPY")!: Decimal(string: "161.5")!])])
    }

    @Test func aZipIsSentWithItsOwnArgumentAndItsCSVComesBack() async throws {
        let (path, directory) = try HelperTransportTests.helper("""
            [ "$1" = "--read-ecb-zip" ] || exit 3
            printf '{}\\nDate,USD,\\n'; wc -c | tr -d ' \\n'
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = try await HelperECBReader(helper: path).csv(fromZip: Data(repeating: 0x50, count: 70_000))
        #expect(String(decoding: csv, as: UTF8.self) == "Date,USD,\n70000")
    }

    @Test func theHelpersFailureIsTheReadersFailure() async throws {
        let (path, directory) = try HelperTransportTests.helper(#"cat >/dev/null; printf '{"failure":{"kind":"duplicateDate","day":"2026-11-20"}}\n'"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: FetchFailure.duplicateDate(Day(iso: "2026-11-20")!)) {
            try await HelperECBReader(helper: path).tables(fromXML: Data("<x/>".utf8))
        }
    }

    @Test func noAnswerIsAClearFailure() async throws {
        let (path, directory) = try HelperTransportTests.helper("exit 0")
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: FetchFailure.transport(.other("the helper fx-fetch could not read the ECB's file"))) {
            try await HelperECBReader(helper: path).tables(fromXML: Data("<x/>".utf8))
        }
    }
}
