import Foundation
import FXTestSupport
import Testing
import FXRates

/// Frankfurter is asked for a question's currencies only (`quotes=`), and its history file
/// records which currencies it holds over which days: a later pair asks only what is missing,
/// and a currency is never answered from days fetched without it.
@Suite("Frankfurter history, currency by currency")
struct FrankfurterHistoryByCurrencyTests {
    static let today = day("2026-10-30")
    static let rates = ["USD": "1.1172", "NGN": "1612.5", "GBP": "0.8702", "CHF": "0.9351"]

    /// A v2 server: EUR rows of the asked quotes (every currency when none) on each weekday from
    /// `from` to `to` (the newest day published, `today` unless told, when none), with EUR/EUR;
    /// every request in the transport's log.
    static func server(published: @escaping @Sendable () -> Day = { today }) -> RouteTransport {
        RouteTransport { url in
            let today = published()
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let from = day(items.first { $0.name == "from" }!.value!)
            let to = items.first { $0.name == "to" }?.value.map(day) ?? today
            let quotes = items.first { $0.name == "quotes" }?.value.map { $0.split(separator: ",").map(String.init) }
            var body = ""
            var current = from
            while current <= to {
                if current.weekday < 6 {
                    for quote in (quotes ?? Array(rates.keys)).sorted() + ["EUR"] {
                        let rate = quote == "EUR" ? "1.0" : rates[quote]!
                        body += #"{"date":"\#(current)","base":"EUR","quote":"\#(quote)","rate":\#(rate)}"# + "\n"
                    }
                }
                current = current.adding(days: 1)
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/x-ndjson"], body: Data(body.utf8))
        }
    }

    static func service(
        _ transport: RouteTransport, _ directory: URL, clock: FixedClock = FixedClock(frankfurt("2026-10-30", 17))
    ) -> HistoryService {
        let source = FrankfurterSource(baseURL: URL(string: "http://127.0.0.1:9/v2/")!, transport: transport)
        return HistoryService(sources: [source], store: FileHistoryStore(directory: directory.path), clock: clock)
    }

    static func asked(_ transport: RouteTransport) -> [String] {
        transport.requests.map { $0.url.absoluteString.replacingOccurrences(of: "http://127.0.0.1:9/v2/", with: "") }
    }

    @Test func aPairAsksForItsCurrenciesAndALaterPairOnlyForWhatIsMissing() async throws {
        let directory = makeTemporaryDirectory("fx-frankfurter-pairs")
        let transport = Self.server()
        let october = day("2026-10-01")...Self.today
        let service = Self.service(transport, directory)

        let first = try await service.pair(base: .usd, quote: code("NGN"), range: october)
        #expect(first.points.count == 22)
        #expect(first.points.last?.rate == dec("1612.5") / dec("1.1172"))
        #expect(Self.asked(transport) == ["rates?from=2026-10-01&base=EUR&quotes=NGN,USD"])

        // GBP was never asked: only it is fetched, though USD's and NGN's days are held.
        let pound = try await service.pair(base: .eur, quote: code("GBP"), range: october)
        #expect(pound.points.count == 22 && pound.points.first?.rate == dec("0.8702"))
        #expect(Self.asked(transport).last == "rates?from=2026-10-01&base=EUR&quotes=GBP")

        // A new run reads the file: what it holds answers without a request, and its record says
        // which currency was asked over which days.
        let next = Self.service(transport, directory)
        _ = try await next.pair(base: code("GBP"), quote: code("NGN"), range: october)
        #expect(transport.requests.count == 2)
        let saved = try #require(FileHistoryStore(directory: directory.path).load(.frankfurter, currencies: nil).0)
        #expect(saved.asked?[code("NGN")] == october && saved.asked?[code("GBP")] == october)
        #expect(saved.asked?[code("CHF")] == nil && saved.history.columns[code("CHF")] == nil)

        // CHF over the same days: asked alone. Older days of a held pair: asked for that pair,
        // only up to the days held.
        _ = try await next.pair(base: .usd, quote: code("CHF"), range: october)
        #expect(Self.asked(transport).last == "rates?from=2026-10-01&base=EUR&quotes=CHF")
        let september = try await next.pair(base: .usd, quote: code("NGN"), range: day("2026-09-01")...Self.today)
        #expect(Self.asked(transport).last == "rates?from=2026-09-01&to=2026-09-30&base=EUR&quotes=NGN,USD")
        #expect(september.points.count == 44)

        // GBP's September was fetched without GBP: never answered from those days, asked for.
        let poundSeptember = try await next.pair(base: code("GBP"), quote: .usd, range: day("2026-09-01")...Self.today)
        #expect(Self.asked(transport).last == "rates?from=2026-09-01&to=2026-09-30&base=EUR&quotes=GBP")
        #expect(poundSeptember.points.count == 44)
        #expect(transport.requests.count == 5)
        let final = try #require(FileHistoryStore(directory: directory.path).load(.frankfurter, currencies: nil).0)
        #expect(final.asked?[code("GBP")] == day("2026-09-01")...Self.today)
        #expect(final.asked?[code("CHF")] == october)
    }

    /// A whole day's table (`rate usd on …`) over a history asked currency by currency: every
    /// currency once, recorded as such (in the header too), then answered from what is held; an
    /// older day asks only the days before.
    @Test func aWholeTableIsAskedOnceOverAHistoryAskedByCurrency() async throws {
        let directory = makeTemporaryDirectory("fx-frankfurter-whole")
        let transport = Self.server()
        let service = Self.service(transport, directory)
        _ = try await service.quote(from: .usd, to: code("NGN"), on: day("2026-10-01"))
        #expect(Self.asked(transport) == ["rates?from=2026-10-01&base=EUR&quotes=NGN,USD"])

        let (table, _) = try await service.table(on: day("2026-10-01"))
        #expect(table.rates.count == 4 && Self.asked(transport).last == "rates?from=2026-10-01&base=EUR")
        _ = try await service.table(on: day("2026-10-02"))
        #expect(transport.requests.count == 2)
        let saved = try #require(FileHistoryStore(directory: directory.path).load(.frankfurter, currencies: nil).0)
        #expect(saved.askedWhole == day("2026-10-01")...Self.today && saved.asked?[code("CHF")] == day("2026-10-01")...Self.today)

        // A new run reads the record back; an older day asks only for the days before.
        let next = Self.service(transport, directory)
        _ = try await next.table(on: day("2026-10-05"))
        #expect(transport.requests.count == 2)
        let (september, _) = try await next.table(on: day("2026-09-30"))
        #expect(september.rates.count == 4 && september.date == day("2026-09-30"))
        #expect(Self.asked(transport).last == "rates?from=2026-09-30&to=2026-09-30&base=EUR")
        _ = try await next.quote(from: code("GBP"), to: code("CHF"), on: day("2026-09-30"))
        #expect(transport.requests.count == 3)
        let final = try #require(FileHistoryStore(directory: directory.path).load(.frankfurter, currencies: nil).0)
        #expect(final.askedWhole == day("2026-09-30")...Self.today && final.asked?[code("GBP")] == day("2026-09-30")...Self.today)
    }

    /// A history first asked whole (a day's table): an older day of a pair asks only for the
    /// days before, and every currency still answers a whole table over the days held.
    @Test func anOlderDayOfAHistoryAskedWholeAsksOnlyTheDaysBefore() async throws {
        let directory = makeTemporaryDirectory("fx-frankfurter-whole-first")
        let transport = Self.server()
        let service = Self.service(transport, directory)
        _ = try await service.table(on: day("2026-10-01"))
        #expect(Self.asked(transport) == ["rates?from=2026-10-01&base=EUR"])
        let quote = try await service.quote(from: .usd, to: code("NGN"), on: day("2026-09-30"))
        #expect(quote.provenance.date == day("2026-09-30"))
        #expect(Self.asked(transport).last == "rates?from=2026-09-30&to=2026-09-30&base=EUR&quotes=NGN,USD")
        _ = try await service.table(on: day("2026-10-05"))
        _ = try await service.quote(from: code("GBP"), to: code("CHF"), on: day("2026-10-02"))
        #expect(transport.requests.count == 2)
    }

    /// Asked in the morning, a currency's asked days reach that day though its rows end the day
    /// before: the next check asks again from that day, so its row, published later, is not skipped.
    @Test func aDayAskedBeforeItsPublicationIsAskedAgain() async throws {
        let directory = makeTemporaryDirectory("fx-frankfurter-morning")
        let clock = FixedClock(frankfurt("2026-10-29", 10))
        let transport = Self.server { clock.now() < frankfurt("2026-10-29", 17) ? day("2026-10-28") : day("2026-10-30") }
        let service = Self.service(transport, directory, clock: clock)
        _ = try await service.quote(from: .usd, to: code("NGN"), on: day("2026-10-01"))
        #expect(Self.asked(transport) == ["rates?from=2026-10-01&base=EUR&quotes=NGN,USD"])

        clock.set(frankfurt("2026-10-30", 17))
        let next = Self.service(transport, directory, clock: clock)
        let quote = try await next.quote(from: .usd, to: code("NGN"), on: day("2026-10-29"))
        #expect(Self.asked(transport).last == "rates?from=2026-10-29&base=EUR&quotes=NGN,USD")
        #expect(quote.provenance.date == day("2026-10-29") && quote.provenance.requested == nil)
    }

    @Test func theAskedDaysJoinWhereTheyMeetAndAreReadBackFromTheHeader() throws {
        let history = RateHistory(base: .eur, days: [day("2026-10-01")], columns: [.usd: [dec("1.1")]])
        let older = CachedHistory(
            source: .frankfurter, history: history, complete: false, fetchedAt: frankfurt("2026-10-01", 17),
            asked: [.usd: day("2026-09-01")...day("2026-10-01"), code("GBP"): day("2026-10-01")...day("2026-10-01")])
        let newer = CachedHistory(
            source: .frankfurter, history: history, complete: false, fetchedAt: frankfurt("2026-10-05", 17),
            asked: [.usd: day("2026-10-02")...day("2026-10-05"), code("GBP"): day("2026-10-04")...day("2026-10-05")])
        let directory = makeTemporaryDirectory("fx-frankfurter-asked")
        let store = FileHistoryStore(directory: directory.path)
        _ = try store.save(older)
        let merged = try store.save(newer)
        // USD's days adjoin: one span. GBP's leave 10-02 and 10-03 unasked: only the newer span.
        #expect(merged.asked == [.usd: day("2026-09-01")...day("2026-10-05"), code("GBP"): day("2026-10-04")...day("2026-10-05")])
        let (read, problems) = store.load(.frankfurter, currencies: [.usd])
        #expect(problems.isEmpty && read?.asked == merged.asked)
        #expect(read?.holds(.usd, from: day("2026-09-01")) == true && read?.holds(code("GBP"), from: day("2026-10-01")) == false)
        #expect(read?.holds(code("CHF"), from: day("2026-10-05")) == false && read?.holds(.eur, from: day("1999-01-04")) == true)
    }
}
