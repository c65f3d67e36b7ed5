import FXRates
import Foundation

/// Every way a provider can misbehave that fx must survive. Each is played by every provider
/// in its own format (`ProviderPlay.reply(for:)`): a zero rate is `rate='0'` for the ECB and
/// `"basePrice": 0` for Dunamu.
public enum Fault: String, CaseIterable, Sendable {
    case status500
    /// 503 with `Retry-After` as an HTTP-date.
    case status503RetryAfterDate
    /// 429 with `Retry-After` in seconds (the provider's own error body where there is one).
    case status429RetryAfterSeconds
    case status404
    /// Headers, one byte of body, then silence past any timeout.
    case stall
    /// Half the body, then a TCP reset.
    case resetMidBody
    /// `Content-Length` larger than what is sent, then a clean close.
    case truncatedBody
    case htmlPage200
    case empty200
    case garbageBytes
    case zeroRate
    case negativeRate
    case nonNumericRate
    case duplicateCurrency
    case futureDate
    /// Several MiB with no `Content-Length`: only counting while reading can stop it.
    case oversizedBody
    /// XML with a DTD whose external entity names a local file (the ECB's format; JSON for the others' parsers).
    case xmlExternalEntity
    /// Provider strings holding terminal escape sequences (title change, screen clear, colours).
    case terminalEscapes
    /// A 302 from the loopback server to plain HTTP on another host.
    case redirectToPlainHTTP

    /// Seconds the 429 asks for.
    public static let retryAfterSeconds = 120
    /// The marker the external entity's file holds; it must never appear anywhere.
    public static let entityMarker = "ENTITY-MARKER-7c1e"
    /// The date the future-date fault claims.
    public static let futureDay = "2030-01-02"
}

/// The eight providers as the fault server plays them: where fx asks, what a healthy answer is
/// (the real samples of the end-to-end fixtures), and each fault in that provider's format.
public enum ProviderPlay: String, CaseIterable, Sendable {
    case ecb, frankfurter, boc, oxr, dunamu, nasdaq, coinbase, kraken

    /// Requests one fetch of its latest rates makes (usage.json counts each): Coinbase asks a spot price per asset.
    public var requestsPerFetch: Int { self == .coinbase ? AssetCatalog.standard.codes.count : 1 }

    /// Its answers carry a date (the exchanges' do not: fx dates their prices by its clock).
    public var datesItsAnswers: Bool { self != .coinbase && self != .kraken }

    /// Its rates are JSON strings or XML text, so an unusable one is said without quotes.
    public var ratesAreText: Bool { [.ecb, .boc, .coinbase, .kraken].contains(self) }

    /// Coinbase's spot prices (BTC and ETH real answers, the rest constructed) and Kraken's last trades.
    static let coinbasePrices = ["BTC": "66971.665", "ETH": "2723.905", "SOL": "141.235", "XRP": "2.1845", "LTC": "84.12"]
    static let krakenLast = [
        ("XXBTZEUR", "59870.20000"), ("XETHZEUR", "2435.14000"), ("SOLEUR", "126.21000"), ("XXRPZEUR", "1.95310"),
        ("XLTCZEUR", "75.20000"), ("ZEURZUSD", "1.11860"),
    ]
    static let krakenTicker: String = {
        let entries = krakenLast.map { key, price in #""\#(key)":{"a":["\#(price)","1","1.000"],"c":["\#(price)","0.1"],"o":"\#(price)"}"# }
        return #"{"error":[],"result":{\#(entries.joined(separator: ","))}}"#
    }()

    /// Coinbase's answer for the asset a path asks (`/coinbase/prices/ETH-USD/spot`).
    static func coinbaseSpot(_ path: String) -> String {
        let asset = String(path.dropFirst("/coinbase/prices/".count).prefix(3))
        return #"{"data":{"amount":"\#(coinbasePrices[asset] ?? "1")","base":"\#(asset)","currency":"USD"}}"#
    }

    /// How fx names the source in warnings: as its description does.
    public var name: String { about.name }

    /// The source's description in fx's registry.
    public var about: SourceDescription { SourceRegistry.standard[SourceID(rawValue)]! }

    /// The path fx asks for the latest rates (without the query).
    public var path: String {
        switch self {
        case .ecb: "/ecb/eurofxref-daily.xml"
        case .frankfurter: "/frankfurter/rates"
        case .boc: "/boc/observations/group/FX_RATES_DAILY/json"
        case .oxr: "/oxr/latest.json"
        case .dunamu: "/dunamu/forex/recent"
        case .nasdaq: "/nasdaq/datasets/ECB/EURUSD/data.json"
        // The first asset's; each asset has its own (`answers(_:)`).
        case .coinbase: "/coinbase/prices/BTC-USD/spot"
        case .kraken: "/kraken/Ticker"
        }
    }

    var contentType: String { self == .ecb ? "application/xml" : "application/json" }

    /// Whether fx asks it for its latest rates at `path`: Coinbase at each asset's spot price.
    func answers(_ path: String) -> Bool {
        self == .coinbase ? path.hasPrefix("/coinbase/prices/") && path.hasSuffix("-USD/spot") : path == self.path
    }

    /// The healthy body, as text (every sample is UTF-8).
    public var sample: String {
        switch self {
        case .ecb:
            let text = String(decoding: endToEndFixture("eurofxref-daily.2026-10-30.xml"), as: UTF8.self)
            return text.replacingOccurrences(of: "time='2026-10-30'", with: "time='\(Self.latestECBDay())'")
        case .frankfurter: return FrankfurterV2Body.latest(BuiltInRates.ecb.latest)
        case .boc: return String(decoding: sharedFixture("boc/fx-rates-daily-recent2.constructed.json"), as: UTF8.self)
        case .oxr: return String(decoding: sharedFixture("oxr/latest.json"), as: UTF8.self)
        case .dunamu: return String(decoding: sharedFixture("dunamu/recent-krwusd.json"), as: UTF8.self)
        case .nasdaq: return String(decoding: sharedFixture("nasdaq/dataset-data-fx.constructed.json"), as: UTF8.self)
        case .coinbase: return Self.coinbaseSpot(path)
        case .kraken: return Self.krakenTicker
        }
    }

    public var healthy: LoopbackHTTPServer.Reply {
        .ok(Data(sample.utf8), contentType: contentType, headers: ["ETag": "\"\(rawValue)-1\""])
    }

    /// The newest date the ECB can have published by now, so its sample is current.
    static func latestECBDay(now: Date = Date()) -> Day {
        let today = CentralEuropeanTime.day(at: now)
        var day = TargetCalendar.workingDay(onOrBefore: today)
        if day == today, now < CentralEuropeanTime.instant(on: today, hour: 16) {
            day = TargetCalendar.workingDay(onOrBefore: today.adding(days: -1))
        }
        return day
    }

    /// The sample with one piece replaced; the piece must be there, or the fault would not be played.
    func sample(replacing target: String, with replacement: String) -> Data {
        let text = sample
        precondition(text.contains(target), "\(rawValue) sample lacks \(target)")
        return Data(text.replacingOccurrences(of: target, with: replacement).utf8)
    }

    /// What one rate looks like in the sample, and how to write another value in its place.
    private var rateSite: (text: String, with: (String) -> String) {
        switch self {
        case .ecb: ("<Cube currency='USD' rate='1.1172'/>", { "<Cube currency='USD' rate='\($0)'/>" })
        case .frankfurter:
            (#""quote":"USD","rate":\#(BuiltInRates.ecb.latest.rates[CurrencyCode("USD")!]!)"#, { #""quote":"USD","rate":\#($0)"# })
        case .boc: (#""v": "1.3706""#, { #""v": "\#($0)""# })
        case .oxr: (#""EUR": 0.812833"#, { #""EUR": \#($0)"# })
        case .dunamu: (#""basePrice": 1338.00"#, { #""basePrice": \#($0)"# })
        case .nasdaq: (#"["2021-03-30",1.1741]"#, { #"["2021-03-30",\#($0)]"# })
        case .coinbase: (#""amount":"66971.665""#, { #""amount":"\#($0)""# })
        case .kraken: (#""c":["59870.20000""#, { #""c":["\#($0)""# })
        }
    }

    private func rate(_ value: String) -> LoopbackHTTPServer.Reply {
        guard self == .kraken else { return .ok(sample(replacing: rateSite.text, with: rateSite.with(value)), contentType: contentType) }
        // One answer prices every market, and a market priced unusably is left out while the
        // others are kept (PartialFetchTests): the fault is played in every market, so none is usable.
        var text = sample
        for (_, price) in Self.krakenLast { text = text.replacingOccurrences(of: #""c":["\#(price)""#, with: rateSite.with(value)) }
        return .ok(Data(text.utf8), contentType: contentType)
    }

    /// How this provider answers with `fault`.
    public func reply(for fault: Fault) -> LoopbackHTTPServer.Reply {
        let body = Data(sample.utf8)
        switch fault {
        case .status500:
            return .status(500, body: "Internal Server Error")
        case .status503RetryAfterDate:
            // An HTTP-date two minutes on (IMF-fixdate, as RFC 9110 asks servers to send).
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let date = formatter.string(from: Date().addingTimeInterval(TimeInterval(Fault.retryAfterSeconds)))
            return .response(status: 503, headers: ["Content-Type": "text/plain", "Retry-After": date], body: Data("busy".utf8))
        case .status429RetryAfterSeconds:
            let headers = ["Content-Type": "application/json", "Retry-After": "\(Fault.retryAfterSeconds)"]
            switch self {
            case .oxr: return .response(status: 429, headers: headers, body: ratesFixture("oxr/error-access-restricted.json"))
            case .nasdaq:
                return .response(status: 429, headers: headers, body: ratesFixture("nasdaq/error-anonymous-limit.constructed.json"))
            default: return .response(status: 429, headers: headers, body: Data(#"{"message":"too many requests"}"#.utf8))
            }
        case .status404:
            switch self {
            case .boc:
                return .response(
                    status: 404, headers: ["Content-Type": "application/json"], body: ratesFixture("boc/error-series-not-found.json"))
            case .frankfurter:
                return .response(
                    status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"status":404,"message":"not found"}"#.utf8))
            case .nasdaq:
                return .response(status: 404, headers: ["Content-Type": "application/json"], body: ratesFixture("nasdaq/error.json"))
            default: return .status(404, body: "Not Found")
            }
        case .stall:
            return .hang
        case .resetMidBody:
            return .reset(status: 200, headers: ["Content-Type": contentType], body: body, after: body.count / 2)
        case .truncatedBody:
            return .truncated(status: 200, body: body.prefix(body.count / 2), announced: body.count)
        case .htmlPage200:
            return .ok(
                Data("<!DOCTYPE html>\n<html><head><title>Service Unavailable</title></head><body><h1>Maintenance</h1></body></html>".utf8),
                contentType: "text/html; charset=utf-8")
        case .empty200:
            return .ok(Data(), contentType: contentType)
        case .garbageBytes:
            // Binary noise with an escape, a bell, NULs and invalid UTF-8 among it.
            var bytes: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x07, 0xFF, 0xFE, 0x00, 0xC3, 0x28]
            var seed: UInt32 = 0x2545F491
            for _ in 0..<2000 {
                seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5
                bytes.append(UInt8(truncatingIfNeeded: seed))
            }
            return .ok(Data(bytes), contentType: contentType)
        case .zeroRate: return rate("0")
        case .negativeRate: return rate("-1.5")
        case .nonNumericRate:
            // The ECB's attributes and Valet's values are text already; elsewhere a JSON string.
            return rate(ratesAreText ? "abc" : #""abc""#)
        case .duplicateCurrency:
            return .ok(duplicated(), contentType: contentType)
        case .futureDate:
            return .ok(futureDated(), contentType: contentType)
        case .oversizedBody:
            // 4 MiB: more than any source's cap; the body is well-formed up to the padding.
            let padding = Data(repeating: 0x20, count: 4 << 20)
            let head = "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nConnection: close\r\n\r\n"
            return .raw(Data(head.utf8) + body.prefix(body.count / 2) + padding)
        case .xmlExternalEntity:
            return .ok(Data(xmlWithExternalEntity().utf8), contentType: "application/xml")
        case .terminalEscapes:
            return escapes()
        case .redirectToPlainHTTP:
            return .response(
                status: 302, headers: ["Location": "http://example.invalid/stolen", "Content-Type": "text/plain"],
                body: Data("moved".utf8))
        }
    }

    /// The ECB's document with a DTD declaring an external entity that names a marker file, used as a rate.
    func xmlWithExternalEntity() -> String {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("fx-entity-marker.txt")
        try? Data(Fault.entityMarker.utf8).write(to: marker)
        let ecb = ProviderPlay.ecb.sample
        let declaration = "<!DOCTYPE gesmes:Envelope [\n<!ENTITY marker SYSTEM \"file://\(marker.path)\">\n]>\n"
        let withDTD = ecb.replacingOccurrences(
            of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            with: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + declaration)
        return withDTD.replacingOccurrences(of: "<Cube currency='USD' rate='1.1172'/>", with: "<Cube currency='USD' rate='&marker;'/>")
    }

    private func duplicated() -> Data {
        switch self {
        case .ecb:
            return sample(
                replacing: "<Cube currency='USD' rate='1.1172'/>",
                with: "<Cube currency='USD' rate='1.1172'/>\n\t\t\t<Cube currency='USD' rate='1.2000'/>")
        case .frankfurter:
            let date = BuiltInRates.ecb.latest.date
            return Data((#"[{"date":"\#(date)","base":"EUR","quote":"USD","rate":1.2},"# + sample.dropFirst()).utf8)
        case .boc:
            return sample(
                replacing: "\"FXUSDCAD\": {\n                \"v\": \"1.3706\"\n            }",
                with: "\"FXUSDCAD\": {\n                \"v\": \"1.3706\"\n            },\n            \"FXUSDCAD\": {\"v\": \"1.3800\"}")
        case .oxr:
            return sample(replacing: rateSite.text, with: rateSite.text + #",\#n    "EUR": 0.9"#)
        case .dunamu:
            // The same record twice in the array.
            let text = sample.trimmingCharacters(in: .whitespacesAndNewlines)
            let record = text.dropFirst().dropLast()
            return Data("[\(record),\(record)]".utf8)
        case .nasdaq:
            return sample(replacing: rateSite.text, with: rateSite.text + #",["2021-03-30",1.2]"#)
        case .coinbase:
            return sample(replacing: #""amount":"66971.665""#, with: #""amount":"66971.665","amount":"1""#)
        case .kraken:
            // The same market twice in the result.
            let entry = #""XXBTZEUR":{"a":["59870.20000","1","1.000"],"c":["59870.20000","0.1"],"o":"59870.20000"}"#
            return sample(replacing: entry, with: entry + "," + entry)
        }
    }

    private func futureDated() -> Data {
        let day = Fault.futureDay
        switch self {
        case .ecb: return Data(sample.replacingOccurrences(of: "time='\(Self.latestECBDay())'", with: "time='\(day)'").utf8)
        case .frankfurter: return sample(replacing: #""date":"\#(BuiltInRates.ecb.latest.date)""#, with: #""date":"\#(day)""#)
        case .boc: return sample(replacing: #""d": "2026-03-18""#, with: #""d": "\#(day)""#)
        // 2030-01-02T10:00:00Z.
        case .oxr: return sample(replacing: #""timestamp": 1521741600"#, with: #""timestamp": 1893578400"#)
        case .dunamu:
            let dated = sample(replacing: #""date": "2024-02-20""#, with: #""date": "\#(day)""#)
            return Data(
                String(decoding: dated, as: UTF8.self)
                    .replacingOccurrences(of: #""timestamp": 1708410689000"#, with: #""timestamp": 1893578400000"#).utf8)
        case .nasdaq: return sample(replacing: #"["2021-03-30",1.1741]"#, with: #"["\#(day)",1.1741]"#)
        // Their answers carry no date: not played (`datesItsAnswers`).
        case .coinbase, .kraken: return Data(sample.utf8)
        }
    }

    /// OSC title change, screen clear and colours, where each provider puts a string people may see.
    public static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mred"
    private static var hostileJSON: String { #"\u001b]0;pwned\u0007\u001b[2J\u001b[31mred"# }

    private func escapes() -> LoopbackHTTPServer.Reply {
        let json = ["Content-Type": "application/json"]
        let hostileJSON = Self.hostileJSON
        switch self {
        case .ecb:
            // A currency code. XML 1.0 cannot carry ESC, but it can carry the one-byte CSI (U+009B)
            // that some terminals obey, and a right-to-left override.
            return .ok(
                sample(
                    replacing: "<Cube currency='USD' rate='1.1172'/>",
                    with: "<Cube currency='&#155;2J&#155;31m&#8238;DSU' rate='1.1172'/>"), contentType: contentType)
        case .frankfurter:
            return .response(
                status: 422, headers: json, body: Data(#"{"status":422,"message":"\#(hostileJSON) invalid currency: XXX"}"#.utf8))
        case .boc:
            return .response(
                status: 404, headers: json, body: Data(#"{"message":"Series \#(hostileJSON)FXCADAFN not found.","docs":"x"}"#.utf8))
        case .oxr:
            return .response(
                status: 403, headers: json,
                body: Data(
                    #"{"error":true,"status":403,"message":"not_allowed","description":"\#(hostileJSON) Changing the base currency is not allowed."}"#
                        .utf8))
        case .dunamu:
            return .ok(
                sample(replacing: #""currencyCode": "USD""#, with: #""currencyCode": "\#(hostileJSON)USD""#), contentType: contentType)
        case .nasdaq:
            return .response(
                status: 400, headers: json,
                body: Data(
                    #"{"quandl_error":{"code":"QEAx01","message":"\#(hostileJSON) We could not recognize your API key."}}"#.utf8))
        case .coinbase:
            return .response(
                status: 404, headers: json,
                body: Data(#"{"errors":[{"id":"not_found","message":"\#(hostileJSON) Invalid currency"}]}"#.utf8))
        case .kraken:
            return .ok(Data(#"{"error":["EQuery:\#(hostileJSON) Unknown asset pair"]}"#.utf8), contentType: contentType)
        }
    }
}

/// One loopback server answering for all eight providers: healthy unless a fault is injected
/// for a provider, and counting the requests each provider gets.
public final class FaultServer: @unchecked Sendable {
    public let server: LoopbackHTTPServer
    private let lock = NSLock()
    private var replies: [ProviderPlay: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply] = [:]
    /// Replies for every path of a provider (its history files and series too), not only its latest rates'.
    private var everywhere: [ProviderPlay: LoopbackHTTPServer.Reply] = [:]

    /// `keys`: the OXR App ID and Nasdaq API key requests must carry (else 401/400, as the real ones answer).
    public init(oxrKey: String, nasdaqKey: String) throws {
        self.oxrKey = oxrKey
        self.nasdaqKey = nasdaqKey
        let box = Box()
        server = try LoopbackHTTPServer { request in box.server?.answer(request) ?? .status(500) }
        box.server = self
    }

    private let oxrKey: String
    private let nasdaqKey: String

    private final class Box: @unchecked Sendable {
        weak var server: FaultServer?
    }

    /// `fault` for every request to `provider` from now on; nil heals it.
    public func inject(_ fault: Fault?, into provider: ProviderPlay) {
        guard let fault else { return answer(provider, with: nil) }
        let reply = provider.reply(for: fault)
        answer(provider) { _ in reply }
    }

    /// A reply of the test's own making for `provider`; nil heals it.
    public func answer(_ provider: ProviderPlay, with reply: (@Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply)?) {
        lock.withLock { replies[provider] = reply }
    }

    /// `fault` for every request under `provider`'s URL (the history's too) from now on; nil heals it.
    public func injectEverywhere(_ fault: Fault?, into provider: ProviderPlay) {
        let reply = fault.map(provider.reply(for:))
        lock.withLock { everywhere[provider] = reply }
    }

    /// The requests `provider` received so far.
    public func requests(to provider: ProviderPlay) -> [LoopbackHTTPServer.Request] {
        server.requests.filter { $0.path.hasPrefix("/\(provider.rawValue)/") }
    }

    /// The base URL fx is given for `provider` (`FX_<ID>_URL`).
    public func url(for provider: ProviderPlay) -> URL {
        server.baseURL.appendingPathComponent("\(provider.rawValue)/")
    }

    public func stop() { server.stop() }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
        let under = ProviderPlay.allCases.first { path.hasPrefix("/\($0.rawValue)/") }
        if let under, let reply = lock.withLock({ everywhere[under] }) { return reply }
        guard let provider = ProviderPlay.allCases.first(where: { $0.answers(path) }) else { return .status(404, body: "not found") }
        if let reply = lock.withLock({ replies[provider] }) { return reply(request) }
        if provider == .coinbase {
            return .ok(Data(ProviderPlay.coinbaseSpot(path).utf8), contentType: "application/json", headers: ["ETag": "\"coinbase-1\""])
        }
        switch provider {
        case .oxr where !request.path.contains("app_id=\(oxrKey)"):
            return .response(
                status: 401, headers: ["Content-Type": "application/json"], body: ratesFixture("oxr/error-invalid-app-id.json"))
        case .nasdaq where !request.path.contains("api_key=\(nasdaqKey)"):
            return .status(400, body: "no key")
        default:
            return provider.healthy
        }
    }
}

/// A sample from `Tests/EndToEndTests/Fixtures` (the real provider answers the end-to-end tests serve).
func endToEndFixture(_ name: String) -> Data {
    fixture(name, file: testsDirectory.appendingPathComponent("EndToEndTests/FaultServer").path)
}

/// A sample from `Tests/FXRatesTests/Fixtures` (providers' real error bodies).
public func ratesFixture(_ name: String) -> Data {
    fixture(name, file: testsDirectory.appendingPathComponent("FXRatesTests/FaultServer").path)
}

private let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
