import Foundation

/// Random calculator lines for the exact oracle: 2–5 amounts in mixed currencies, joined by
/// `+ -`, scaled by `* /` and plain numbers, in brackets, with `15% of`, `+ 15%` shares,
/// targets, fees and past days; and lines built to land exactly on half a minor unit.
struct OracleGenerator {
    var random: SeededGenerator
    let days: ECBDays
    /// The currencies of the line being built, in the order written.
    private var queue: [String] = []
    /// Minor units of the targets the ties use (checked by the oracle against ISO 4217).
    static let tieDigits = ["EUR": 2, "USD": 2, "GBP": 2, "CHF": 2, "JPY": 0, "KRW": 0, "ISK": 0, "HUF": 2, "IDR": 2]
    static let percents = ["15", "2.5", "7", "12.5", "0.5", "33", "100", "19.6"]
    static let factors = ["3", "1.077", "0.5", "2", "12", "1.5", "0.25", "7"]
    static let divisors = ["3", "7", "4", "2", "12", "1.5", "0.8", "365", "9"]

    init(seed: UInt64, days: ECBDays = ECBDays()) {
        random = SeededGenerator(state: seed)
        self.days = days
    }

    // MARK: - Random lines

    mutating func randomCase() -> OracleCase {
        let dated = Int.random(in: 0..<5, using: &random) > 0
        let day = dated ? days.days.randomElement(using: &random)! : days.latest
        var codes = Array(day.rates.keys).sorted()
        codes.shuffle(using: &random)
        let count = Int.random(in: 2...5, using: &random)
        // Mostly distinct currencies, sometimes one again.
        queue = (0..<count).map { index in
            index > 0 && Int.random(in: 0..<5, using: &random) == 0
                ? codes[Int.random(in: 0..<index, using: &random)] : codes[index % codes.count]
        }
        let written = queue
        var expression = sum(count, top: true)
        if Int.random(in: 0..<4, using: &random) == 0 {
            expression = .share(expression, plus: Bool.random(using: &random), Self.percents.randomElement(using: &random)!)
        }
        var line = OracleCase(expression: expression)
        if Int.random(in: 0..<5, using: &random) > 0 {
            line.target = Bool.random(using: &random) ? codes.last : written.randomElement(using: &random)
        }
        if line.target != nil, Int.random(in: 0..<4, using: &random) == 0 {
            line.fee = Bool.random(using: &random) ? ("2.5", false) : ("1", true)
        }
        if dated {
            line.date = day.day
            line.datePrefix = Bool.random(using: &random)
        }
        return line
    }

    private mutating func sum(_ count: Int, top: Bool) -> OracleExpression {
        var remaining = count
        var node: OracleExpression?
        while remaining > 0 {
            let size =
                top && remaining > 1 && Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 2...remaining, using: &random) : 1
            remaining -= size
            let part = size == 1 ? term(queue.removeFirst()) : group(size)
            guard let left = node else {
                node = part
                continue
            }
            node = Bool.random(using: &random) || Int.random(in: 0..<2, using: &random) == 0 ? .add(left, part) : .subtract(left, part)
        }
        return node!
    }

    /// Two or more amounts in brackets, scaled.
    private mutating func group(_ count: Int) -> OracleExpression {
        var inner = sum(count, top: false)
        if Int.random(in: 0..<4, using: &random) == 0 {
            inner = .share(inner, plus: Bool.random(using: &random), Self.percents.randomElement(using: &random)!)
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .multiply(inner, .number(Self.factors.randomElement(using: &random)!))
        case 1: return .multiply(.number(Self.factors.randomElement(using: &random)!), inner)
        case 2: return .divide(inner, .number(Self.divisors.randomElement(using: &random)!))
        default: return .of(Self.percents.randomElement(using: &random)!, inner)
        }
    }

    private mutating func term(_ code: String) -> OracleExpression {
        let money = OracleExpression.money(amount(), code)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .multiply(.number(Self.factors.randomElement(using: &random)!), money)
        case 1: return .multiply(money, .number(Self.factors.randomElement(using: &random)!))
        case 2: return .divide(money, .number(Self.divisors.randomElement(using: &random)!))
        case 3: return .of(Self.percents.randomElement(using: &random)!, money)
        default: return money
        }
    }

    /// 0–3 decimals, up to 99,999, some negative, some with a thousands comma.
    private mutating func amount() -> String {
        let whole = [
            Int.random(in: 0...9, using: &random), Int.random(in: 0...999, using: &random), Int.random(in: 0...99_999, using: &random),
        ]
        .randomElement(using: &random)!
        let decimals = Int.random(in: 0...3, using: &random)
        var text = whole >= 1000 && Bool.random(using: &random) ? "\(whole / 1000),\(String(whole % 1000).leftPadded(3))" : String(whole)
        if decimals > 0 { text += "." + String(Int.random(in: 0..<[1, 10, 100, 1000][decimals], using: &random)).leftPadded(decimals) }
        if whole == 0, decimals == 0 { text = "1" }
        return Int.random(in: 0..<7, using: &random) == 0 ? "-" + text : text
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
