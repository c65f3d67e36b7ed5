import FXFetchKit
import FXRates
import FXTestSupport
import Foundation
import Testing

/// Providers that echo the key back (in an error message, an ETag, a redirect, a currency code):
/// the key appears in no output, no warning and no file fx writes; nor does a key in a bad URL.
@Suite struct SecretsEndToEndTests {
    /// The request's own path (holding the key) quoted back, as careless servers do.
    static func echo(_ request: LoopbackHTTPServer.Request) -> String {
        request.path.replacingOccurrences(of: "\"", with: "")
    }

    @Test func keysEchoedByProvidersAreNeverShownOrStored() async throws {
        var rig = try FaultRig(first: .oxr, timeout: "3")
        defer { rig.cleanUp() }
        var runs: [(String, TimedResult)] = []
        func run(_ arguments: [String]) async throws -> TimedResult {
            let result = try await rig.fx.timedRun(arguments)
            runs.append((arguments.joined(separator: " "), result))
            return result
        }

        // OXR: the error description quotes the URL, key included.
        rig.server.answer(.oxr) { request in
            .response(
                status: 403, headers: ["Content-Type": "application/json"],
                body: Data(
                    #"{"error":true,"status":403,"message":"not_allowed","description":"Not allowed: \#(Self.echo(request))"}"#.utf8))
        }
        let described = try await run(["refresh", "oxr"])
        #expect(
            described.stdout.contains("this plan does not allow that request (Not allowed: /oxr/latest.json?app_id=…"),
            "\(described.stdout)")

        // OXR: the key used as a currency code.
        rig.server.answer(.oxr) { _ in
            .ok(Data(#"{"timestamp":1521741600,"base":"USD","rates":{"\#(FaultRig.oxrKey)":1.5}}"#.utf8), contentType: "application/json")
        }
        let coded = try await run(["refresh", "oxr"])
        #expect(coded.stdout.hasPrefix("oxr: failed: invalid currency code"), "\(coded.stdout)")

        // OXR: a good answer whose ETag and Last-Modified echo the key; they must not reach the cache.
        rig.server.answer(.oxr) { _ in
            .ok(
                Data(ProviderPlay.oxr.sample.utf8), contentType: "application/json",
                headers: ["ETag": "\"\(FaultRig.oxrKey)\"", "Last-Modified": FaultRig.oxrKey])
        }
        let tagged = try await run(["refresh", "oxr"])
        #expect(tagged.stdout.hasPrefix("oxr: updated"), "\(tagged.stdout) \(tagged.stderr)")

        // Nasdaq: the provider's message quotes the URL; then a redirect whose target carries the key.
        rig.server.answer(.nasdaq) { request in
            .response(
                status: 400, headers: ["Content-Type": "application/json"],
                body: Data(
                    #"{"quandl_error":{"code":"QEAx01","message":"Bad request \#(Self.echo(request))"}}"#.utf8))
        }
        let quoted = try await run(["refresh", "nasdaq"])
        #expect(quoted.stdout.contains("error QEAx01: Bad request"), "\(quoted.stdout)")
        rig.server.answer(.nasdaq) { request in
            .response(status: 302, headers: ["Location": "http://example.invalid\(Self.echo(request))"], body: Data())
        }
        let redirected = try await run(["refresh", "nasdaq"])
        #expect(redirected.stdout == "nasdaq: failed: refused a redirect to an address that is not HTTPS\n", "\(redirected.stdout)")

        // What fx shows of its state: the sources table (last errors), JSON, the conversion log.
        _ = try await run(["sources"])
        _ = try await run(["--json", "sources"])
        _ = try await run(["--json", "convert", "100", "usd", "kwd"])
        _ = try await run(["history"])

        // A key inside a URL fx refuses is blanked in the warning.
        rig.fx.environment["FX_OXR_URL"] = "ftp://mirror.example/api/?app_id=\(FaultRig.oxrKey)"
        let warned = try await run(["--offline", "100", "usd", "eur"])
        #expect(
            warned.stderr.contains("ignoring FX_OXR_URL: 'ftp://mirror.example/api/?app_id=…' is not an http(s) URL"), "\(warned.stderr)")
        // So is a password in a URL's user information.
        let ecbURL = rig.fx.environment["FX_ECB_URL"]
        rig.fx.environment["FX_ECB_URL"] = "ftp://user:hunter2@127.0.0.1/"
        let password = try await run(["--offline", "100", "usd", "eur"])
        #expect(
            password.stderr.contains("ignoring FX_ECB_URL: 'ftp://…@127.0.0.1/' is not an http(s) URL")
                && !password.stderr.contains("hunter2"), "\(password.stderr)")
        rig.fx.environment["FX_ECB_URL"] = ecbURL

        for (label, result) in runs { expectSafe(result, label) }
        let files = try rig.writtenFiles()
        #expect(
            files.contains { $0.lastPathComponent == "latest.json" } && files.contains { $0.lastPathComponent == "usage.json" }
                && files.contains { $0.lastPathComponent == "log.jsonl" }, "\(files.map(\.lastPathComponent))")
        for file in files {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for key in FaultRig.keys {
                #expect(!text.contains(key), "key in \(file.lastPathComponent): \(text.prefix(400))")
            }
        }
    }
}

/// Which redirects the transport follows (the HTTPS cases cannot be served on loopback without TLS).
@Suite struct RedirectRuleTests {
    @Test(arguments: [
        ("https://www.ecb.europa.eu/a", "http://www.ecb.europa.eu/a", false),
        ("https://www.ecb.europa.eu/a", "http://127.0.0.1/a", false),
        ("https://www.ecb.europa.eu/a", "https://mirror.example/a", true),
        ("https://www.ecb.europa.eu/a", "file:///etc/passwd", false),
        ("http://127.0.0.1:8080/a", "http://example.invalid/stolen", false),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:9090/b", true),
        ("http://127.0.0.1:8080/a", "https://example.org/b", true),
        ("HTTPS://www.ecb.europa.eu/a", "HTTP://www.ecb.europa.eu/a", false),
    ])
    func redirect(from: String, to: String, allowed: Bool) {
        #expect(FetchURL.allowsRedirect(from: from, to: to) == allowed)
    }
}
