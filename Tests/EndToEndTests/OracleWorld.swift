import FXRates
import FXTestSupport
import Foundation

/// A synthetic Frankfurter v2 world made from a seed: 23 floating currencies with a rate for each
/// day they publish (weekends silent but for two, holidays on which about half fall silent, one
/// quiet for a week), five pegs served rounded as the server rounds them, and gold, whose euro
/// row is coarse and whose own prices come from `base=XAU`. It serves itself as Frankfurter does,
/// and answers as an oracle: exact fractions from the rows as served, rounded once, by fx's rules
/// as the guide states them, with none of fx's own code.
struct OracleWorld {
    struct Floating {
        let code: String, places: Int, level: Double, saturdays: Bool
    }
    struct PegRule {
        let code: String, anchor: String, rate: String, places: Int
    }

    static let floating: [Floating] = [
        .init(code: "USD", places: 2, level: 1.08, saturdays: false), .init(code: "GBP", places: 2, level: 0.85, saturdays: false),
        .init(code: "JPY", places: 0, level: 162, saturdays: false), .init(code: "CHF", places: 2, level: 0.95, saturdays: false),
        .init(code: "CAD", places: 2, level: 1.47, saturdays: false), .init(code: "AUD", places: 2, level: 1.65, saturdays: false),
        .init(code: "SEK", places: 2, level: 11.4, saturdays: false), .init(code: "NOK", places: 2, level: 11.7, saturdays: false),
        .init(code: "PLN", places: 2, level: 4.3, saturdays: false), .init(code: "CZK", places: 2, level: 25.2, saturdays: false),
        .init(code: "HUF", places: 2, level: 395, saturdays: false), .init(code: "INR", places: 2, level: 90.5, saturdays: false),
        .init(code: "CNY", places: 2, level: 7.8, saturdays: false), .init(code: "KRW", places: 0, level: 1480, saturdays: false),
        .init(code: "NGN", places: 2, level: 1650, saturdays: true), .init(code: "BRL", places: 2, level: 5.9, saturdays: false),
        .init(code: "MXN", places: 2, level: 19.2, saturdays: false), .init(code: "ZAR", places: 2, level: 20.1, saturdays: false),
        .init(code: "KWD", places: 3, level: 0.333, saturdays: false), .init(code: "ISK", places: 0, level: 150, saturdays: false),
        .init(code: "CLP", places: 0, level: 1020, saturdays: false), .init(code: "TRY", places: 2, level: 35.5, saturdays: true),
        .init(code: "IDR", places: 2, level: 17500, saturdays: false),
    ]
    static let pegs: [PegRule] = [
        .init(code: "XOF", anchor: "EUR", rate: "655.957", places: 0), .init(code: "XAF", anchor: "EUR", rate: "655.957", places: 0),
        .init(code: "AED", anchor: "USD", rate: "3.6725", places: 2), .init(code: "SAR", anchor: "USD", rate: "3.75", places: 2),
        .init(code: "BHD", anchor: "USD", rate: "0.376", places: 3),
    ]
    static let gold = "XAU"
    /// Every code the world prices against the euro, and EUR.
    static let codes = ["EUR"] + floating.map(\.code) + pegs.map(\.code) + [gold]

    static func places(_ code: String) -> Int {
        if code == "EUR" { return 2 }
        if code == gold { return 4 }
        return floating.first { $0.code == code }?.places ?? pegs.first { $0.code == code }!.places
    }

    let seed: UInt64
    /// Every calendar day of the world, oldest first; the last is today (UTC).
    let days: [Day]
    let holidays: [Day]
    /// The rows as the server sends them against the euro (rounded where it rounds), by code and day.
    let rows: [String: [Day: String]]
    /// Euros per ounce of gold, as `base=XAU` sends them, by day.
    let goldRows: [Day: String]

    var today: Day { days.last! }

    init(seed: UInt64, today: Day = Day(utc: Date())) {
        self.seed = seed
        var random = SplitMix(seed)
        let days = (today.ordinal - 69...today.ordinal).map(Day.init(ordinal:))
        self.days = days
        let weekdays = days.filter { $0.weekday <= 5 && $0 < today.adding(days: -2) && $0 > days[20] }
        var holidays: [Day] = []
        while holidays.count < 3 {
            let candidate = weekdays[random.next(weekdays.count)]
            if !holidays.contains(candidate) { holidays.append(candidate) }
        }
        self.holidays = holidays.sorted()
        // ISK falls silent for 6 to 10 days in the middle, within the server's 14-day window.
        let quietStart = days[25 + random.next(20)]
        let quiet = quietStart...quietStart.adding(days: 5 + random.next(5))
        var rows: [String: [Day: String]] = [:]
        for currency in Self.floating {
            let silentOnHolidays = Set(holidays.filter { _ in random.next(2) == 0 })
            var column: [Day: String] = [:]
            for day in days {
                let value = currency.level * (0.97 + Double(random.next(60_001)) / 1_000_000)
                let open = day.weekday <= 5 || (day.weekday == 6 && currency.saturdays)
                guard open, !silentOnHolidays.contains(day), !(currency.code == "ISK" && quiet.contains(day)) else { continue }
                column[day] = Self.published(value)
            }
            rows[currency.code] = column
        }
        for peg in Self.pegs {
            // A pegged row on each day its anchor has one (the euro: every weekday), the peg times the
            // anchor's row, rounded as the server rounds.
            let anchorDays = peg.anchor == "EUR" ? days.filter { $0.weekday <= 5 } : Array(rows[peg.anchor]!.keys)
            var column: [Day: String] = [:]
            for day in anchorDays {
                let anchor = peg.anchor == "EUR" ? ExactFraction(1) : ExactFraction(rows[peg.anchor]![day]!)!
                column[day] = Self.roundable(ExactFraction(peg.rate)! * anchor)
            }
            rows[peg.code] = column
        }
        var goldRows: [Day: String] = [:], goldColumn: [Day: String] = [:]
        for day in days where day.weekday <= 5 && !holidays.contains(day) {
            let perOunce = Self.published(3800 * (0.95 + Double(random.next(100_001)) / 1_000_000))
            goldRows[day] = perOunce
            goldColumn[day] = Self.roundable(ExactFraction(1) / ExactFraction(perOunce)!)
        }
        rows[Self.gold] = goldColumn
        self.rows = rows
        self.goldRows = goldRows
    }

    /// The decimals the server's `Roundable` keeps for a value of this size.
    static func roundablePlaces(_ value: Double) -> Int {
        value > 5000 ? 0 : value > 80 ? 2 : value > 20 ? 3 : value > 1 ? 4 : value > 0.0001 ? 5 : 6
    }

    /// A made-up value written with the places the server would send it with.
    static func published(_ value: Double) -> String {
        let places = roundablePlaces(value)
        let units = Int((value * pow(10, Double(places))).rounded())
        return ExactFraction(units).divided(byPowerOf10: places).plain()!
    }

    /// An exact value rounded as the server's `Roundable` rounds it.
    static func roundable(_ value: ExactFraction) -> String {
        let approximate = Double(value.rounded(places: 12))!
        return ExactFraction(value.rounded(places: roundablePlaces(approximate)))!.plain()!
    }
}

extension ExactFraction {
    func divided(byPowerOf10 exponent: Int) -> ExactFraction { self / ExactFraction(BigNatural.power10(exponent)) }
}

// MARK: - The server

extension OracleWorld {
    /// Rows of `base` (EUR or XAU) by code: what the server holds.
    func table(base: String) -> [String: [Day: String]] {
        base == "EUR" ? rows : base == Self.gold ? ["EUR": goldRows] : [:]
    }

    /// `rates?base=…[&quotes=…]` as the latest JSON array (each code's newest row, with its
    /// institutions unless a peg set it, then the identity row), and `rates?from=…[&to=…]` as
    /// NDJSON: each quote's rows in the range, and at its start its newest row of the 14 days
    /// before when it has none that day (the server's carry-forward).
    func reply(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        guard let parts = URLComponents(string: request.path), parts.path == "/frankfurter/rates" else { return .status(404) }
        let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let base = query["base"] ?? "EUR"
        let table = table(base: base)
        guard !table.isEmpty else { return .status(422, body: #"{"status":422,"message":"invalid base"}"#) }
        let quotes = query["quotes"].map { Set($0.split(separator: ",").map(String.init)) }
        let codes = table.keys.filter { quotes?.contains($0) ?? true }.sorted()
        let pegged = Set(Self.pegs.map(\.code))
        guard let from = query["from"].flatMap({ Day(iso: $0) }) else {
            var lines: [String] = []
            for code in codes {
                guard let day = table[code]!.keys.filter({ $0 <= today }).max() else { continue }
                let rate = table[code]![day]!
                var line = #"{"date":"\#(day)","base":"\#(base)","quote":"\#(code)","rate":\#(rate)"#
                if !pegged.contains(code) {
                    line +=
                        #","providers":[{"key":"\#(code == Self.gold || base == Self.gold ? "LBMA" : "ECB")","date":"\#(day)","rate":\#(rate)}]"#
                }
                lines.append(line + "}")
            }
            lines.append(#"{"date":"\#(today)","base":"\#(base)","quote":"\#(base)","rate":1.0}"#)
            return .ok(Data(("[" + lines.joined(separator: ",") + "]").utf8), contentType: "application/json")
        }
        let to = query["to"].flatMap { Day(iso: $0) } ?? today
        var served: [(day: Day, code: String, rate: String)] = []
        for code in codes {
            let column = table[code]!
            if column[from] == nil, let carried = column.keys.filter({ $0 < from && $0 >= from.adding(days: -14) }).max() {
                served.append((carried, code, column[carried]!))
            }
            served += column.filter { $0.key >= from && $0.key <= to }.map { ($0.key, code, $0.value) }
        }
        served.sort { ($0.day, $0.code) < ($1.day, $1.code) }
        let body = served.map { #"{"date":"\#($0.day)","base":"\#(base)","quote":"\#($0.code)","rate":\#($0.rate)}"# + "\n" }.joined()
        return .ok(Data(body.utf8), contentType: "application/x-ndjson")
    }
}

// MARK: - The oracle

extension OracleWorld {
    /// A currency's row against the euro as fx should read it, with its day: the last row on or
    /// before `day` within 14 days (the latest table: the newest row); a pegged row as the peg
    /// times its anchor's row; gold as 1 ÷ its euros per ounce.
    func row(_ code: String, on day: Day?) -> (value: ExactFraction, day: Day)? {
        let asked = day ?? today
        if code == "EUR" { return (ExactFraction(1), asked) }
        let window = day == nil ? Int.max / 2 : 14
        guard let found = rows[code]!.keys.filter({ $0 <= asked && $0.ordinal >= asked.ordinal - window }).max() else { return nil }
        if let peg = Self.pegs.first(where: { $0.code == code }) {
            guard let anchor = row(peg.anchor, on: day) else { return nil }
            return (ExactFraction(peg.rate)! * anchor.value, found)
        }
        if code == Self.gold { return (ExactFraction(1) / ExactFraction(goldRows[found]!)!, found) }
        return (ExactFraction(rows[code]![found]!)!, found)
    }

    /// Units of `to` per unit of `from`, exactly, and the day it is dated by (the older row): a
    /// peg against its anchor is the peg itself.
    func rate(from: String, to: String, on day: Day?) -> (value: ExactFraction, day: Day)? {
        if from == to { return (ExactFraction(1), day ?? today) }
        guard let fromRow = row(from, on: day), let toRow = row(to, on: day) else { return nil }
        let date = min(fromRow.day, toRow.day)
        if let peg = Self.pegs.first(where: { $0.code == to && $0.anchor == from }) { return (ExactFraction(peg.rate)!, date) }
        if let peg = Self.pegs.first(where: { $0.code == from && $0.anchor == to }) {
            return (ExactFraction(1) / ExactFraction(peg.rate)!, date)
        }
        return (toRow.value / fromRow.value, date)
    }

    /// `amount from` in `to`, rounded once, half away from zero, to `to`'s minor unit.
    func convert(_ amount: String, from: String, to: String, on day: Day? = nil) -> (result: String, day: Day)? {
        guard let rate = rate(from: from, to: to, on: day) else { return nil }
        return ((ExactFraction(amount)! * rate.value).rounded(places: Self.places(to)), rate.day)
    }
}

/// `1234567.5` → `1,234,567.5`.
func grouped(_ numeral: String) -> String {
    let negative = numeral.hasPrefix("-")
    let body = negative ? String(numeral.dropFirst()) : numeral
    let whole = body.split(separator: ".", maxSplits: 1).first.map(String.init) ?? body
    let fraction = body.dropFirst(whole.count)
    var out = ""
    for (index, character) in whole.enumerated() {
        if index > 0, (whole.count - index) % 3 == 0 { out.append(",") }
        out.append(character)
    }
    return (negative ? "-" : "") + out + fraction
}

extension OracleWorld {
    /// The days within `from…to` on which each of `codes` has a row of its own (a history's
    /// points: "one per publication on which both currencies had a rate"; the euro always has one).
    func publications(of codes: [String], from: Day, to: Day) -> [Day] {
        days.filter { day in day >= from && day <= to && codes.allSatisfy { $0 == "EUR" || rows[$0]?[day] != nil } }
    }

    static func isPegged(_ code: String) -> Bool { pegs.contains { $0.code == code } }

    /// A pair with a currency pegged to the dollar, the other neither the dollar nor pegged to it.
    static func isCrossedDollarPeg(_ a: String, _ b: String) -> Bool {
        let dollarPegged = Set(pegs.filter { $0.anchor == "USD" }.map(\.code))
        return (dollarPegged.contains(a) && b != "USD" && !dollarPegged.contains(b))
            || (dollarPegged.contains(b) && a != "USD" && !dollarPegged.contains(a))
    }
}
