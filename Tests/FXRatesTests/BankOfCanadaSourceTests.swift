import Foundation
import FXTestSupport
import Testing
import FXRates

@Suite("Bank of Canada Valet source")
struct BankOfCanadaSourceTests {
    static let cad = code("CAD")
    /// The evening after the group sample's last observation (2026-03-18), in Toronto.
    static let now = utc("2026-03-19T01:00:00Z")

    static func source(
        _ answer: Result<HTTPResponse, TransportError>, base: String = "https://www.bankofcanada.ca/valet",
        now: Date = now
    ) -> (BankOfCanadaSource, FakeTransport) {
        let transport = FakeTransport(answer)
        return (BankOfCanadaSource(baseURL: URL(string: base)!, transport: transport, clock: FixedClock(now)), transport)
    }

    static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> Result<HTTPResponse, TransportError> {
        .success(
            HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"].merging(headers) { $1 }, body: body))
    }

    /// A group body holding the given observations.
    static func body(_ observations: String) -> Data {
        Data(#"{"terms":{"url":"https://www.bankofcanada.ca/terms/"},"seriesDetail":{},"observations":[\#(observations)]}"#.utf8)
    }

    static func latest(_ data: Data, now: Date = now) async throws(FetchFailure) -> RateTable {
        let (source, _) = Self.source(json(data), now: now)
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else {
            throw .malformed("expected .fetched")
        }
        return table
    }

    /// The failure `body` throws, or nil.
    static func failure(_ body: () async throws(FetchFailure) -> Void) async -> FetchFailure? {
        do { try await body() } catch { return error }
        return nil
    }

    static func failure(decoding observations: String) async -> FetchFailure? {
        await failure { () async throws(FetchFailure) in _ = try await latest(body(observations)) }
    }

    @Test func identityAndRequest() async throws {
        let (source, transport) = Self.source(Self.json(try Fixture.data("boc/fx-rates-daily-group.json")))
        #expect(source.id == .boc && source.id.rawValue == "boc")
        #expect(source.name == "Bank of Canada")
        #expect(BankOfCanadaSource.defaultBaseURL.absoluteString == "https://www.bankofcanada.ca/valet/")
        _ = try await source.fetchLatest(validators: nil)
        let request = try #require(transport.requests.first)
        // A base without a trailing slash still gets the path appended under it.
        #expect(request.url.absoluteString == "https://www.bankofcanada.ca/valet/observations/group/FX_RATES_DAILY/json?recent=2")
        #expect(request.maxBytes == 256 << 10 && request.timeout == 15)
        #expect(request.headers.isEmpty)
    }

    /// The real answer of 2026-03-19 (five observations, 2026-03-12 to 2026-03-18).
    @Test func decodesTheRealGroupSampleExactly() async throws {
        let table = try await Self.latest(try Fixture.data("boc/fx-rates-daily-group.json"))
        #expect(table.base == Self.cad && table.date == day("2026-03-18"))
        #expect(table.unitsPerBase(Self.cad) == 1 && table.publishedAt == nil)
        // 26 series, but MYR, THB and VND have had no values since 2019.
        #expect(table.rates.count == 23)
        #expect(table.rates[code("MYR")] == nil && table.rates[code("THB")] == nil && table.rates[code("VND")] == nil)
        // FXUSDCAD "1.3706": 1 USD = 1.3706 CAD, so 1 CAD = 1 ÷ 1.3706 USD, 38 digits, truncated.
        #expect(table.rates[.usd] == dec("0.72960747118050488837005690938275207938"))
        #expect(table.rates[.usd]?.rounded(scale: 4) == dec("0.7296"))
        #expect(table.rates[.eur] == dec("0.63395460885000633954608850006339546088"))  // FXEURCAD "1.5774"
        #expect(table.rates[code("JPY")] == dec("116.41443538998835855646100116414435389"))  // "0.008590"
        #expect(table.rates[code("IDR")] == dec("12345.679012345679012345679012345679012"))  // "0.000081"
        let previous = try #require(table.previous)
        #expect(previous.date == day("2026-03-17") && previous.rates.count == 23)
        #expect(previous.rates[.usd] == dec("0.72998029053215563179794145558069932111"))  // "1.3699"
    }

    /// Converting back to CAD divides by the inverse and must give the Bank's own product.
    @Test func conversionsBackToCADMatchTheBanksRate() async throws {
        let table = try await Self.latest(try Fixture.data("boc/fx-rates-daily-group.json"))
        let provenance = Provenance(source: .boc, sourceName: "Bank of Canada", date: table.date, fetchedAt: nil, origin: .network)
        let toCAD = Quote(from: .usd, to: Self.cad, fromPerBase: try #require(table.rates[.usd]), toPerBase: 1, provenance: provenance)
        #expect(toCAD.convert(100, places: 2)! == dec("137.06"))
        // 25 × 1.3706 = 34.265 exactly: a half cent, which must round up, not down.
        let tie = try #require(toCAD.convert(25))
        #expect(tie >= dec("34.265") && tie < dec("34.26500000000000000000000000001"))
        #expect(tie.rounded(scale: 2) == dec("34.27"))
    }

    /// What `recent=2` returns: the discontinued series keep an observation of their own in 2019.
    @Test func staleSeriesOfRecentRequestsAreIgnored() async throws {
        let table = try await Self.latest(try Fixture.data("boc/fx-rates-daily-recent2.constructed.json"))
        #expect(table.date == day("2026-03-18") && table.rates.count == 23)
        #expect(table.previous?.date == day("2026-03-17"))
        #expect(table.rates[code("VND")] == nil)
    }

    @Test func observationsInAnyOrder() async throws {
        let table = try await Self.latest(
            Self.body(
                """
                {"d":"2026-03-18","FXUSDCAD":{"v":"1.3706"}},{"d":"2026-03-16","FXUSDCAD":{"v":"1.3675"}},
                {"d":"2026-03-17","FXUSDCAD":{"v":"1.3699"}}
                """))
        #expect(table.date == day("2026-03-18") && table.previous?.date == day("2026-03-17"))
        // One observation: no previous rates.
        #expect(try await Self.latest(Self.body(#"{"d":"2026-03-18","FXUSDCAD":{"v":"2"}}"#)).previous == nil)
    }

    @Test func errorBodiesAreShownSanitised() async throws {
        let (source, _) = Self.source(Self.json(try Fixture.data("boc/error-series-not-found.json"), status: 404))
        await #expect(throws: FetchFailure.providerError("Series FXCADAFN not found. (HTTP 404)")) {
            try await source.fetchLatest(validators: nil)
        }
        let hostile = Data(#"{"message":"bad\u001b[31m\nthing\u202e","docs":"x"}"#.utf8)
        let (other, _) = Self.source(Self.json(hostile, status: 400))
        // Escapes shown, never hidden as spaces (issue 34); a line break read as a space.
        await #expect(throws: FetchFailure.providerError(#"bad\x1B[31m thing\u{202E} (HTTP 400)"#)) {
            try await other.fetchLatest(validators: nil)
        }
    }

    @Test(arguments: [
        (
            HTTPResponse(status: 503, headers: ["Content-Type": "text/html"], body: Data("<html>down</html>".utf8)),
            FetchFailure.httpStatus(503)
        ),
        (HTTPResponse(status: 200, body: Data("[]".utf8)), .malformed("expected '{' at byte 0")),
        (HTTPResponse(status: 200, body: Data(#"{"terms":{}}"#.utf8)), .malformed("no observations")),
        (HTTPResponse(status: 200, body: Data(#"{"observations":[]}"#.utf8)), .noRates),
        (HTTPResponse(status: 200, body: Data(#"{"observations":[],"observations":[]}"#.utf8)), .malformed("duplicate key 'observations'")),
    ])
    func refusedResponses(response: HTTPResponse, expected: FetchFailure) async {
        let (source, _) = Self.source(.success(response))
        await #expect(throws: expected) { try await source.fetchLatest(validators: nil) }
    }

    @Test func truncatedBodiesAreRefused() async throws {
        let full = try Fixture.data("boc/fx-rates-daily-group.json")
        for cut in [full.count / 2, full.count - 10, full.count - 3] {
            let failure = await Self.failure { () async throws(FetchFailure) in _ = try await Self.latest(full.prefix(cut)) }
            guard case .malformed = failure else {
                Issue.record("cut at \(cut): \(String(describing: failure))")
                continue
            }
        }
    }

    @Test(arguments: [
        (#"{"v":"-1.3706"}"#, "-1.3706"), (#"{"v":"0"}"#, "0"), (#"{"v":"0.0000"}"#, "0.0000"), (#"{"v":"abc"}"#, "abc"),
        (#"{"v":"1e3"}"#, "1e3"), (#"{"v":" 1.37"}"#, "1.37"), (#"{"v":".5"}"#, ".5"), (#"{"v":"1."}"#, "1."),
        (#"{"v":"1.2.3"}"#, "1.2.3"), (#"{"v":"NaN"}"#, "NaN"), (#"{"v":-1.5}"#, "-1.5"), (#"{"v":true}"#, "true"),
        (#"{"v":"1234567890.123456789"}"#, "1234567890.123456789"),  // 19 digits: no Valet rate
    ])
    func invalidValuesAreRefused(value: String, shown: String) async {
        let failure = await Self.failure(decoding: #"{"d":"2026-03-18","FXEURCAD":{"v":"1.5774"},"FXUSDCAD":\#(value)}"#)
        #expect(failure == .invalidRate(currency: "USD", value: shown))
    }

    /// A missing, null or empty `v` is no value that day, like an absent series.
    @Test func emptyValuesLeaveTheCurrencyOut() async throws {
        let table = try await Self.latest(
            Self.body(
                """
                {"d":"2026-03-18","FXEURCAD":{"v":"1.5774"},"FXUSDCAD":{"v":""},"FXJPYCAD":{"v":null},"FXGBPCAD":{},
                 "FXCHFCAD":{"v":1.7365},"V39079":{"v":"2.25"}}
                """))
        #expect(table.rates.keys.sorted() == [code("CHF"), .eur])
        #expect(table.rates[code("CHF")] == dec("0.57587100489490354160668010365678088108"))
        // Nothing at all on the newest day is not a table.
        #expect(
            await Self.failure(decoding: #"{"d":"2026-03-17","FXUSDCAD":{"v":"1.3699"}},{"d":"2026-03-18","FXUSDCAD":{"v":""}}"#)
                == .noRates)
    }

    @Test(arguments: [
        (
            #"{"d":"2026-03-18","FXUSDCAD":{"v":"1.3706"},"FXUSDCAD":{"v":"1.3706"}}"#,
            FetchFailure.duplicateCurrency("USD", day("2026-03-18"))
        ),
        (#"{"FXUSDCAD":{"v":"1.3706"},"FXUSDCAD":{"v":"1.4"},"d":"2026-03-18"}"#, .duplicateCurrency("USD", day("2026-03-18"))),
        (#"{"d":"2026-03-18","FXUSDCAD":{"v":"1.3706","v":"1.4"}}"#, .malformed("duplicate key 'v'")),
        (#"{"d":"2026-03-18","d":"2026-03-17","FXUSDCAD":{"v":"1.3706"}}"#, .malformed("duplicate key 'd'")),
        (#"{"d":"2026-03-18","FXUSDCAD":{"v":"1.3706"}},{"d":"2026-03-18","FXEURCAD":{"v":"1.5774"}}"#, .duplicateDate(day("2026-03-18"))),
        (#"{"FXUSDCAD":{"v":"1.3706"}}"#, .missingDate),
        (#"{"d":"2026-02-30","FXUSDCAD":{"v":"1.3706"}}"#, .malformed("'2026-02-30' is not a date")),
        (#"{"d":"18/03/2026","FXUSDCAD":{"v":"1.3706"}}"#, .malformed("'18/03/2026' is not a date")),
        (#"{"d":"2026-03-19","FXUSDCAD":{"v":"1.3706"}}"#, .futureDate(day("2026-03-19"))),
        (#"{"d":"2026-03-18","FXCADCAD":{"v":"1"}}"#, .invalidCurrency("FXCADCAD")),
        (#"{"d":"2026-03-18","FX1USCAD":{"v":"1"}}"#, .invalidCurrency("FX1USCAD")),
    ])
    func malformedObservations(observations: String, expected: FetchFailure) async {
        #expect(await Self.failure(decoding: observations) == expected)
    }

    /// The future begins at midnight in Toronto, not in UTC: 2026-03-18 00:00 EDT is 04:00 UTC.
    @Test func futureIsJudgedInTorontoTime() async throws {
        let data = Self.body(#"{"d":"2026-03-18","FXUSDCAD":{"v":"1.3706"}}"#)
        let early = await Self.failure { () async throws(FetchFailure) in _ = try await Self.latest(data, now: utc("2026-03-18T03:59:00Z"))
        }
        #expect(early == .futureDate(day("2026-03-18")))
        #expect(try await Self.latest(data, now: utc("2026-03-18T04:00:00Z")).date == day("2026-03-18"))
    }

    @Test(arguments: [
        ("2026-01-14", "2026-01-15T21:30:00Z"),  // winter: 16:30 EST
        ("2026-07-15", "2026-07-16T20:30:00Z"),  // summer: 16:30 EDT
        ("2026-03-06", "2026-03-09T20:30:00Z"),  // Friday → Monday, the day after clocks went forward
        ("2026-10-30", "2026-11-02T21:30:00Z"),  // Friday → Monday, the day after clocks went back
        ("2026-06-30", "2026-07-02T20:30:00Z"),  // Canada Day
        ("2026-04-02", "2026-04-06T20:30:00Z"),  // Good Friday; Easter Monday is a business day
        ("2026-02-13", "2026-02-17T21:30:00Z"),  // Family Day
        ("2026-12-24", "2026-12-29T21:30:00Z"),  // Christmas Friday, Boxing Day Saturday → Monday 28
        ("2027-09-29", "2027-10-01T20:30:00Z"),  // National Day for Truth and Reconciliation
        ("2026-03-18", "2026-03-19T20:30:00Z"),
    ])
    func nextPublication(after date: String, expected: String) {
        let (source, _) = Self.source(.failure(.cancelled))
        #expect(source.nextPublication(after: day(date)) == utc(expected))
    }

    @Test(arguments: [
        ("2026-03-08T04:59:00Z", "2026-03-07"), ("2026-03-08T06:59:00Z", "2026-03-08"),  // EST
        ("2026-03-09T03:59:00Z", "2026-03-08"), ("2026-03-09T04:00:00Z", "2026-03-09"),  // EDT
        ("2026-11-01T03:59:00Z", "2026-10-31"), ("2026-11-01T04:00:00Z", "2026-11-01"),  // EDT
        ("2026-11-02T04:59:00Z", "2026-11-01"), ("2027-03-14T04:59:00Z", "2027-03-13"),  // EST
        ("2027-03-15T03:59:00Z", "2027-03-14"),  // EDT
    ])
    func torontoDay(at instant: String, expected: String) {
        #expect(EasternTime.day(at: utc(instant)) == day(expected))
    }

    /// Every weekday without a rate in the real FXUSDCAD series, 2018 to 2021.
    static let closedWeekdays: Set<Day> = Set(
        """
        2018-01-01 2018-02-19 2018-03-30 2018-05-21 2018-07-02 2018-08-06 2018-09-03 2018-10-08 2018-11-12 2018-12-25 2018-12-26
        2019-01-01 2019-02-18 2019-04-19 2019-05-20 2019-07-01 2019-08-05 2019-09-02 2019-10-14 2019-11-11 2019-12-25 2019-12-26
        2020-01-01 2020-02-17 2020-04-10 2020-05-18 2020-07-01 2020-08-03 2020-09-07 2020-10-12 2020-11-11 2020-12-25 2020-12-28
        2021-01-01 2021-02-15 2021-04-02 2021-05-24 2021-07-01 2021-08-02 2021-09-06 2021-09-30 2021-10-11 2021-11-11 2021-12-27 2021-12-28
        """.split(whereSeparator: \.isWhitespace).map { day(String($0)) })

    @Test func calendarMatchesTheRealSeries() {
        var current = day("2018-01-01")
        while current <= day("2021-12-31") {
            if current.weekday <= 5 {
                #expect((BankOfCanadaCalendar.closure(on: current) != nil) == Self.closedWeekdays.contains(current), "\(current)")
            }
            current = current.adding(days: 1)
        }
        // Later weekend shifts, and days that look like holidays but had rates.
        for closed in ["2022-01-03", "2022-09-30", "2022-11-11", "2023-01-02", "2023-07-03", "2023-10-02", "2023-11-13"] {
            #expect(!BankOfCanadaCalendar.isBusinessDay(day(closed)), "\(closed)")
        }
        for open in ["2021-12-31", "2022-04-18", "2022-09-19", "2023-04-10", "2023-06-26", "2023-01-03"] {
            #expect(BankOfCanadaCalendar.isBusinessDay(day(open)), "\(open)")
        }
        #expect(BankOfCanadaCalendar.closure(on: day("2021-12-28")) == "Boxing Day (observed)")
        // Christmas on a Sunday: Boxing Day keeps Monday 26, Christmas moves to Tuesday 27.
        #expect(BankOfCanadaCalendar.closure(on: day("2022-12-27")) == "Christmas Day (observed)")
        #expect(BankOfCanadaCalendar.closure(on: day("2022-12-26")) == "Boxing Day")
    }

    @Test(arguments: [
        ("0.5", "2"), ("00.25", "4"), ("0.000000000000000001", "1000000000000000000"),
        ("3", "0.33333333333333333333333333333333333333"),
        ("0.000913", "1095.2902519167579408543263964950711938"),
        ("123456789012345678", "0.0000000000000000081000000729000007225200071004600698288"),  // 18 digits, the most
    ])
    /// Exact when the inverse ends, else 38 significant digits, truncated.
    func inverse(text: String, expected: String) throws {
        let table = try ValetDecoder.latest(Self.body(#"{"d":"2026-03-18","FXUSDCAD":{"v":"\#(text)"}}"#), notAfter: day("2026-03-18"))
        #expect(table.rates[.usd] == dec(expected))
    }
}
