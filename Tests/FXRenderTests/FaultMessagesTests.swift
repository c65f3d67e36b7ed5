import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

/// The words for faults the fault matrix provokes: fractional timeouts, a server asking for time,
/// refused redirects, URLs holding keys, and provider text that would drive a terminal.
@Suite("Fault messages")
struct FaultMessagesTests {
    /// A deadline met is said with the setting that moves it: a long first fetch on a slow link
    /// needs a larger one (issue 32: NBP's history timed out without a word of FX_TIMEOUT).
    @Test func fractionalTimeoutsAreShownAsGivenWithTheSettingThatMovesThem() {
        #expect(
            Messages.text(for: FetchFailure.transport(.timedOut(seconds: 0.5)))
                == "no answer within 0.5 s (a larger FX_TIMEOUT waits longer)")
        #expect(
            Messages.text(for: FetchFailure.transport(.timedOut(seconds: 15))) == "no answer within 15 s (a larger FX_TIMEOUT waits longer)"
        )
        #expect(
            Messages.text(
                for: RateError.unavailable(
                    source: SourceID("nbp"), sourceName: "Narodowy Bank Polski", failure: .transport(.timedOut(seconds: 15))))
                == "No rates available: Narodowy Bank Polski: no answer within 15 s (a larger FX_TIMEOUT waits longer), and nothing is cached."
        )
    }

    @Test func aServerAskingForTimeSaysUntilWhen() {
        let until = Date(timeIntervalSince1970: 1_795_334_730)  // 2026-11-22 08:05:30 UTC
        #expect(
            Messages.text(for: FetchFailure.throttled(status: 429, retryAfter: .date(until)))
                == "server answered HTTP 429 (Too Many Requests) and asked for no request before 2026-11-22 08:05:30 UTC")
        #expect(
            Messages.text(for: FetchFailure.throttled(status: 503, retryAfter: .seconds(120)))
                == "server answered HTTP 503 (Service Unavailable) and asked for no request within 120 s")
        #expect(Messages.text(for: FetchFailure.waitingUntil(until)) == "the server asked for no request before 2026-11-22 08:05:30 UTC")
    }

    @Test func refreshNamesTheSourcesNotAsked() {
        let until = Date(timeIntervalSince1970: 1_795_334_730)
        let report = RefreshReport(source: .oxr, sourceName: "Open Exchange Rates", previous: nil, outcome: .failed(.waitingUntil(until)))
        let text = TextRenderer(style: Style(color: false), showProvenance: false).render(.refresh([report]), now: until)
        #expect(text == "oxr: not asked: the server asked for no request before 2026-11-22 08:05:30 UTC")
        #expect(Failure.refreshFailed([.oxr, .nasdaq]).message == "no source could be refreshed (oxr, nasdaq); the cache is as it was")
        #expect(Failure.refreshFailed([.oxr]).exitStatus == 1)
    }

    @Test func jsonRefreshSaysNotAskedAndWhenToTryAgain() throws {
        let until = Date(timeIntervalSince1970: 1_795_334_730)
        let reports = [
            RefreshReport(source: .oxr, sourceName: "Open Exchange Rates", previous: nil, outcome: .failed(.waitingUntil(until))),
            RefreshReport(
                source: .boc, sourceName: "Bank of Canada", previous: nil,
                outcome: .failed(.throttled(status: 503, retryAfter: .date(until)))),
        ]
        let json = try #require(JSONRenderer.render(.refresh(reports)))
        #expect(
            json.contains(
                #"{"source":"oxr","status":"not_asked","message":"the server asked for no request before 2026-11-22 08:05:30 UTC","retry_after":"2026-11-22T08:05:30Z"}"#
            ), "\(json)")
        #expect(json.contains(#""source":"boc","status":"failed","#) && json.contains(#""retry_after":"2026-11-22T08:05:30Z"}"#), "\(json)")
    }

    @Test func aRefusedRedirectIsNamed() {
        #expect(Messages.text(for: FetchFailure.transport(.redirectRefused)) == "refused a redirect to an address that is not HTTPS")
    }

    @Test(arguments: [
        (
            "GET https://openexchangerates.org/api/latest.json?app_id=abc123&base=USD failed",
            "GET https://openexchangerates.org/api/latest.json?app_id=…&base=USD failed"
        ),
        (
            "https://data.nasdaq.com/api/v3/datasets/ECB/EURUSD/data.json?API_KEY=s3cr%2Bt&limit=2",
            "https://data.nasdaq.com/api/v3/datasets/ECB/EURUSD/data.json?API_KEY=…&limit=2"
        ),
        ("'http://x/?token=t0k' refused", "'http://x/?token=…' refused"),
        ("no query here, a=b and key=", "no query here, a=b and key="),
        ("monkey=banana", "monkey=banana"),
        ("'ftp://user:hunter2@127.0.0.1/' is not an http(s) URL", "'ftp://…@127.0.0.1/' is not an http(s) URL"),
        ("GET https://me:p%40ss@rates.example:8443/v2/?api_key=k failed", "GET https://…@rates.example:8443/v2/?api_key=… failed"),
        ("https://a@b@c.example/x and http://d:e@f/", "https://…@c.example/x and http://…@f/"),
        ("mail me@example.com about https://host/path@v2", "mail me@example.com about https://host/path@v2"),
        // Whatever the URL's shape: no scheme, no slashes, quoted, with a path.
        ("ignoring FX_ECB_URL: 'user:secret@host' is not an http(s) URL", "ignoring FX_ECB_URL: '…@host' is not an http(s) URL"),
        ("user:secret@host/path?x=1", "…@host/path?x=1"),
        ("//user:secret@host/", "//…@host/"),
        ("//token@host/", "//…@host/"),
        ("http:user:secret@host", "…@host"),
        ("'a:b@c@host:81/x'", "'…@host:81/x'"),
    ])
    func credentialsInURLsAreBlanked(text: String, shown: String) {
        #expect(Redaction.hidingCredentials(text) == shown)
        #expect(Messages.text(for: FetchFailure.transport(.other(text))) == shown)
    }

    @Test func providerTextCannotDriveTheTerminal() {
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}txt"
        for failure in [
            FetchFailure.providerError(hostile), .malformed(hostile), .transport(.other(hostile)),
            .transport(.cannotConnect(hostile)), .invalidCurrency(hostile), .invalidRate(currency: hostile, value: hostile),
            .duplicateCurrency(hostile, Day(ordinal: 0)),
        ] {
            let text = Messages.text(for: failure)
            #expect(!text.unicodeScalars.contains { [.control, .format].contains($0.properties.generalCategory) }, "\(failure)")
        }
    }

    @Test func jsonEscapesEveryControlAndFormatCharacter() {
        #expect(JSONValue.string("a\u{9B}2J\u{202E}b\u{1B}").serialized == #""a\u009b2J\u202eb\u001b""#)
        // Non-BMP format characters (tag characters) as surrogate pairs; ordinary text untouched.
        #expect(JSONValue.string("\u{E0041}").serialized == #""\udb40\udc41""#)
        #expect(JSONValue.string("€100 ₩ café ~").serialized == #""€100 ₩ café ~""#)
    }
}
