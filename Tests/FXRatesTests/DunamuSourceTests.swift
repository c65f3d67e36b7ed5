import Foundation
import FXTestSupport
import Testing
import FXRates

@Suite("Dunamu quotation API over a fake transport")
struct DunamuSourceTests {
    static let krw = code("KRW")
    /// Shortly after the 2024-02-20 15:31 KST sample.
    static let now = utc("2024-02-20T07:00:00Z")

    private static func source(
        _ answer: Result<HTTPResponse, TransportError>, currencies: [String]? = nil,
        base: String = "https://quotation-api-cdn.dunamu.com/v1/", now: Date = now
    ) -> (DunamuSource, FakeTransport) {
        let transport = FakeTransport(answer)
        let source = DunamuSource(
            baseURL: URL(string: base)!, currencies: currencies?.map(code) ?? DunamuSource.defaultCurrencies,
            transport: transport, clock: FixedClock(now))
        return (source, transport)
    }

    private static func json(_ body: Data, status: Int = 200) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: status, headers: ["Content-Type": "application/json;charset=UTF-8"], body: body))
    }

    private static func fetch(_ body: String, currencies: [String]? = nil, now: Date = now) async throws(FetchFailure) -> RateTable {
        try await fetch(Data(body.utf8), currencies: currencies, now: now)
    }

    private static func fetch(_ body: Data, currencies: [String]? = nil, now: Date = now) async throws(FetchFailure) -> RateTable {
        let (source, _) = Self.source(json(body), currencies: currencies, now: now)
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { throw .malformed("not fetched") }
        return table
    }

    /// The real 2024-02-20 USD record's essentials, with `fields` replacing (or, when "", removing) some.
    private static func record(_ fields: [String: String] = [:]) -> String {
        let defaults: KeyValuePairs<String, String> = [
            "code": #""FRX.KRWUSD""#, "currencyCode": #""USD""#, "date": #""2024-02-20""#, "time": #""15:31:14""#,
            "basePrice": "1338.00", "signedChangePrice": "2.50", "currencyUnit": "1", "timestamp": "1708410689000",
        ]
        var members = defaults.map { key, value in (key, fields[key] ?? value) }
        members += fields.filter { key, _ in !defaults.contains { $0.key == key } }.sorted { $0.key < $1.key }
        return "{" + members.filter { !$0.1.isEmpty }.map { #""\#($0.0)":\#($0.1)"# }.joined(separator: ",") + "}"
    }

    /// A KRW per 100 JPY record of the same round: constructed, as no real FRX.KRWJPY capture is stored.
    /// 904.05 is the middle of the real 2023-08-02 TT rates (895.20 and 912.90) in recent-jpyusd.json.
    private static let jpy = record([
        "code": #""FRX.KRWJPY""#, "currencyCode": #""JPY""#, "basePrice": "904.05",
        "signedChangePrice": "-1.95", "currencyUnit": "100",
    ])

    // MARK: real samples

    @Test func decodesTheRealUSDSampleExactly() async throws {
        let (source, transport) = Self.source(Self.json(try Fixture.data("dunamu/recent-krwusd.json")))
        guard case .fetched(let table, let validators) = try await source.fetchLatest(validators: nil) else {
            Issue.record("expected a table")
            return
        }
        #expect(table.base == Self.krw)
        #expect(table.date == day("2024-02-20"))
        // USD per KRW = 1 / 1338.00 (hand-checked: 0.000747384155455904334828…).
        #expect(table.rates == [.usd: dec("1") / dec("1338.00")])
        #expect(table.rates[.usd]?.rounded(significantDigits: 20) == dec("0.00074738415545590433483"))
        #expect(table.rates[.usd].map { ($0 * 1338).rounded(scale: 30) } == 1)
        #expect(table.publishedAt == utc("2024-02-20T06:31:29Z"))
        // Previous close 1338.00 − 2.50 = 1335.50 on Monday 2024-02-19.
        #expect(table.previous == PreviousRates(date: day("2024-02-19"), rates: [.usd: dec("1") / dec("1335.50")]))
        #expect(validators == Validators())

        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString == "https://quotation-api-cdn.dunamu.com/v1/forex/recent?codes="
                + "FRX.KRWUSD,FRX.KRWJPY,FRX.KRWEUR,FRX.KRWCNY,FRX.KRWGBP,FRX.KRWCHF,FRX.KRWCAD,FRX.KRWAUD,"
                + "FRX.KRWNZD,FRX.KRWHKD,FRX.KRWSGD,FRX.KRWTWD,FRX.KRWTHB,FRX.KRWVND")
        #expect(request.timeout == 15)
        #expect(request.maxBytes == 14 * (8 << 10))
        #expect(transport.requests.count == 1)
    }

    /// The compact 2021 form: "KRW/USD" name, `+0000` offsets, a millisecond timestamp.
    @Test func decodesThe2021Sample() async throws {
        let table = try await Self.fetch(try Fixture.data("dunamu/recent-krwusd.2021-08-13.json"), now: utc("2021-08-13T12:00:00Z"))
        #expect(table.date == day("2021-08-13"))
        #expect(table.rates == [.usd: dec("1") / dec("1169.00")])
        #expect(table.rates[.usd]?.rounded(significantDigits: 20) == dec("0.00085543199315654405475"))
        #expect(table.publishedAt == Date(timeIntervalSince1970: 1_628_852_510.337))
        // 1169.00 − 5.50 = 1163.50, on Thursday.
        #expect(table.previous == PreviousRates(date: day("2021-08-12"), rates: [.usd: dec("1") / dec("1163.50")]))
    }

    /// A falling day: the previous close is above the current price.
    @Test func decodesTheEuroSample() async throws {
        let table = try await Self.fetch(try Fixture.data("dunamu/recent-krweur.json"), now: utc("2023-01-18T08:00:00Z"))
        #expect(table.date == day("2023-01-18"))
        #expect(table.rates == [.eur: dec("1") / dec("1337.03")])
        #expect(table.rates[.eur]?.rounded(significantDigits: 20) == dec("0.00074792637412773086617"))
        #expect(table.publishedAt == Date(timeIntervalSince1970: 1_674_027_625.020))
        // 1337.03 − (−1.67) = 1338.70.
        #expect(table.previous == PreviousRates(date: day("2023-01-17"), rates: [.eur: dec("1") / dec("1338.70")]))
    }

    /// FRX.JPYUSD mixes units (USD/JPY base price, KRW bank prices); fx never asks for it.
    @Test func crossCodeSampleIsRefused() async throws {
        await #expect(throws: FetchFailure.malformed("an answer for 'FRX.JPYUSD', which was not asked for")) {
            try await Self.fetch(try Fixture.data("dunamu/recent-jpyusd.json"), now: utc("2023-08-02T04:00:00Z"))
        }
    }

    /// Unknown codes give `[]`: nothing offered.
    @Test func emptyArrayIsNoRates() async throws {
        await #expect(throws: FetchFailure.noRates) { try await Self.fetch(try Fixture.data("dunamu/empty.json")) }
        await #expect(throws: FetchFailure.noRates) { try await Self.fetch(" [ ] \n") }
    }

    /// 100 JPY cost 904.05 KRW, so 1 KRW buys 100 / 904.05 JPY.
    @Test func hundredUnitCurrenciesAndSeveralRecords() async throws {
        let table = try await Self.fetch("[\(Self.record()),\(Self.jpy)]")
        #expect(table.rates == [.usd: dec("1") / dec("1338.00"), code("JPY"): dec("100") / dec("904.05")])
        #expect(table.rates[code("JPY")]?.rounded(significantDigits: 20) == dec("0.11061335103146949837"))
        #expect(table.previous?.rates[code("JPY")] == dec("100") / dec("906.00"))
        #expect(table.unitsPerBase(Self.krw) == 1)
    }

    /// Key order varies between samples, and fields fx does not use may be anything.
    @Test func keyOrderAndUnusedFieldsDoNotMatter() async throws {
        let body =
            #"[{"timestamp":1708410689000,"currencyUnit":1,"basePrice":1338.00,"tcBuyingPrice":null,"#
            + #""name":"미국 (USD/KRW)","date":"2024-02-20","code":"FRX.KRWUSD"}]"#
        let table = try await Self.fetch(body)
        #expect(table.rates == [.usd: dec("1") / dec("1338.00")])
        #expect(table.previous == nil)  // no signedChangePrice, no change to show
    }

    @Test func nullChangeGivesNoPrevious() async throws {
        #expect(try await Self.fetch("[\(Self.record(["signedChangePrice": "null"]))]").previous == nil)
    }

    // MARK: refused answers

    @Test(arguments: [
        (["basePrice": "0"], FetchFailure.invalidRate(currency: "USD", value: "0")),
        (["basePrice": "0.00"], .invalidRate(currency: "USD", value: "0.00")),
        (["basePrice": "-1338.00"], .invalidRate(currency: "USD", value: "-1338.00")),
        (["basePrice": #""1338.00""#], .invalidRate(currency: "USD", value: #""1338.00""#)),
        (["basePrice": "null"], .invalidRate(currency: "USD", value: "null")),
        (["basePrice": "1.338e3"], .invalidRate(currency: "USD", value: "1.338e3")),
        (["basePrice": ""], .invalidRate(currency: "USD", value: "missing")),
        (["signedChangePrice": "1338.00"], .invalidRate(currency: "USD", value: "signedChangePrice 1338.00")),
        (["signedChangePrice": #""2.50""#], .invalidRate(currency: "USD", value: #"signedChangePrice "2.50""#)),
        (["currencyUnit": "0"], .malformed("currencyUnit 0")),
        (["currencyUnit": "1.5"], .malformed("currencyUnit 1.5")),
        (["currencyUnit": ""], .malformed("no currencyUnit for USD")),
        (["code": #""FRX.KRWXAU""#, "currencyCode": #""XAU""#], .malformed("an answer for 'FRX.KRWXAU', which was not asked for")),
        (["code": #""KRWUSD""#], .malformed("an answer for 'KRWUSD', which was not asked for")),
        (["code": ""], .malformed("a record without a code")),
        (["currencyCode": #""EUR""#], .malformed("FRX.KRWUSD is labelled 'EUR'")),
        (["date": #""2024-02-30""#], .malformed("date '2024-02-30'")),
        (["date": ""], .missingDate),
        (["timestamp": ""], .missingDate),
        (["timestamp": "1708410689"], .malformed("timestamp of USD is not on 2024-02-20")),  // seconds, not milliseconds
        (["timestamp": "-1"], .malformed("timestamp -1")),
        (["timestamp": "1708410689000.5"], .malformed("timestamp 1708410689000.5")),
        // Stamped an hour ahead of the clock (07:00 UTC), or dated tomorrow in Seoul.
        (["timestamp": "1708416000000"], .futureDate(day("2024-02-20"))),
        (["date": #""2024-02-21""#, "timestamp": "1708473600000"], .futureDate(day("2024-02-21"))),
    ])
    func refusedRecords(fields: [String: String], expected: FetchFailure) async {
        await #expect(throws: expected) { try await Self.fetch("[\(Self.record(fields))]") }
    }

    /// A stamp a few minutes ahead of this machine's clock is clock skew, not the future.
    @Test func smallClockSkewIsAccepted() async throws {
        let table = try await Self.fetch("[\(Self.record())]", now: utc("2024-02-20T06:25:00Z"))
        #expect(table.publishedAt == utc("2024-02-20T06:31:29Z"))
    }

    @Test(arguments: [
        ("[\(record()),\(record())]", FetchFailure.duplicateCurrency("USD", day("2024-02-20"))),
        (#"[{"code":"FRX.KRWUSD","code":"FRX.KRWUSD"}]"#, .malformed("duplicate key 'code'")),
        (#"{"code":"FRX.KRWUSD"}"#, .malformed("expected '[' at byte 0")),
        ("[\(record())] []", .malformed("unexpected text after the JSON value at byte 171")),
        ("[\(record()),]", .malformed("expected '{' at byte 170")),
        ("[1338.00]", .malformed("expected '{' at byte 1")),
    ])
    func refusedBodies(body: String, expected: FetchFailure) async {
        await #expect(throws: expected) { try await Self.fetch(body) }
    }

    @Test func truncatedBodyIsRefused() async throws {
        let whole = try Fixture.data("dunamu/recent-krwusd.json")
        for length in [1, 200, whole.count / 2, whole.count - 4] {
            // Where the cut falls decides the wording; any refusal as malformed will do.
            let error = await #expect(throws: FetchFailure.self) { try await Self.fetch(whole.prefix(length)) }
            guard case .malformed? = error else { Issue.record("cut at \(length): \(String(describing: error))"); continue }
        }
    }

    // MARK: configuration and URLs

    @Test func asksOnlyForConfiguredCurrenciesOnceEach() async throws {
        let (source, transport) = Self.source(
            Self.json(Data("[\(Self.jpy)]".utf8)), currencies: ["jpy", "KRW", "JPY", "usd"],
            base: "https://mirror.example/v1")
        _ = try await source.fetchLatest(validators: nil)
        #expect(transport.requests.first?.url.absoluteString == "https://mirror.example/v1/forex/recent?codes=FRX.KRWJPY,FRX.KRWUSD")
        // An answer for a currency not asked for is refused, even one Dunamu knows.
        await #expect(throws: FetchFailure.malformed("an answer for 'FRX.KRWUSD', which was not asked for")) {
            try await Self.fetch("[\(Self.record())]", currencies: ["JPY"])
        }
    }

    @Test func noCurrenciesMeansNoRequest() async {
        let (source, transport) = Self.source(Self.json(Data("[]".utf8)), currencies: ["KRW"])
        await #expect(throws: FetchFailure.noRates) { try await source.fetchLatest(validators: nil) }
        #expect(transport.requests.isEmpty)
    }

    // MARK: schedule

    @Test func nextPublicationIsFiveMinutesAfterTheQuote() async throws {
        let (source, _) = Self.source(Self.json(Data("[\(Self.record())]".utf8)))
        #expect(source.id == .dunamu)
        #expect(source.name == "Dunamu (Hana Bank)")
        #expect(source.nextPublication(afterInstant: utc("2024-02-20T06:31:29Z")) == utc("2024-02-20T06:36:29Z"))
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { return }
        #expect(source.nextPublication(after: table) == utc("2024-02-20T06:36:29Z"))
        // With only a date: five minutes after midnight in Seoul (UTC+9).
        #expect(source.nextPublication(after: day("2024-02-20")) == utc("2024-02-19T15:05:00Z"))
        #expect(
            source.nextPublication(after: RateTable(base: Self.krw, date: day("2024-02-20"), rates: [:])) == utc("2024-02-19T15:05:00Z"))
    }

    /// After a Monday quote, the previous close is Friday's.
    @Test func previousCloseOfAMondayIsFriday() async throws {
        let monday = Self.record(["date": #""2024-02-19""#, "timestamp": "1708324289000"])
        #expect(try await Self.fetch("[\(monday)]").previous?.date == day("2024-02-16"))
    }
}
