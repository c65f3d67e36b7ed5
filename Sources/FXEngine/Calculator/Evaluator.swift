import FXAnswers
import FXCommands
import FXRates

/// Evaluates a calculator line. Money stays an exact amount per currency until the end; each
/// currency is then converted once into each target, the terms are summed, a fee is applied,
/// and the total is rounded once, half away from zero, to the target's minor unit.
struct Evaluator {
    /// The rate for a pair (on the line's date, from the line's source).
    let quote: (CurrencyCode, CurrencyCode) async throws(Failure) -> Quote
    let catalog: CurrencyCatalog
    let workspace: Workspace

    func evaluate(_ calculation: Calculation) async throws(Failure) -> (CalculationResult, Value) {
        let calculation = impliedTarget(calculation)
        let value = try await value(of: calculation.expression)
        // A name alone (`x in gbp`) echoes with its value: `x = 91.31 GBP` read like an assignment.
        // Within an expression (`rent * 12`) a name reads as itself and stays so.
        let bare = if case .name = calculation.expression { true } else { false }
        let values = { [workspace] (name: String) in bare ? workspace.value(of: name) : nil }
        var echo = Echo.text(of: calculation.expression, catalog: catalog, values: values)
        if let other = calculation.shareOf {
            let share = try await share(value, of: try await self.value(of: other))
            let line = CalculationResult.Line(result: share, currency: nil, fractionDigits: 2, terms: [])
            let echoed = echo + " as % of " + Echo.text(of: other, catalog: catalog, values: values)
            return (
                CalculationResult(text: calculation.text, echo: echoed, kind: .share, lines: [line], assignedTo: calculation.assignTo),
                .percent(share)
            )
        }
        let money: Value.Money
        switch value {
        case .money(let written):
            money = written
        case .number(let number), .percent(let number):
            guard !calculation.targets.isEmpty || calculation.givenRate != nil || calculation.fee != nil else {
                let kept: Value = if case .percent = value { .percent(number) } else { .number(number) }
                let line = CalculationResult.Line(result: number, currency: nil, fractionDigits: 0, terms: [])
                return (
                    CalculationResult(text: calculation.text, echo: echo, kind: .value, lines: [line], assignedTo: calculation.assignTo),
                    kept
                )
            }
            // `100 in usd`: a bare amount is in the home currency.
            guard let home = workspace.preferences.home, case .number = value else {
                throw .usage(UsageError(.mismatch(.numberHasNoCurrency), span: nil))
            }
            money = Value.Money(number, home)
            // The echo names the currency the number was read in: `100.00 CHF = …`, not `100 = …`.
            let inHome: Formula =
                if case .amount(let amount, nil) = calculation.expression {
                    .amount(amount, home)
                } else {
                    .inCurrency(calculation.expression, home, Token("", start: 0, end: 0))
                }
            echo = Echo.text(of: inHome, catalog: catalog, values: values)
        }
        let targets = calculation.targets.isEmpty ? [money.first] : calculation.targets
        if calculation.givenRate != nil, money.parts.count != 1 || targets.count != 1 {
            throw .usage(UsageError(.mismatch(.rateNeedsOnePair), span: nil))
        }
        var lines: [CalculationResult.Line] = []
        for target in targets {
            lines.append(try await line(money, in: target, calculation))
        }
        let kept: Value = lines.count == 1 ? .money(Value.Money(lines[0].result, targets[0])) : .money(money)
        let kind: CalculationResult.Kind = calculation.reverse ? .reverse : .value
        var result = CalculationResult(text: calculation.text, echo: echo, kind: kind, lines: lines, assignedTo: calculation.assignTo)
        result.average = calculation.average
        return (result, kept)
    }

    /// `x eur` with `x` money in another currency: a conversion with `in` left out, as in
    /// `100 usd eur` (a plain number, `n eur`, is still made money in EUR).
    private func impliedTarget(_ calculation: Calculation) -> Calculation {
        guard case .inCurrency(let inner, let code, _) = calculation.expression, case .name(let name, _) = inner,
            calculation.shareOf == nil, case .money(let money)? = workspace.value(of: name), money.single?.code != code
        else { return calculation }
        var implied = calculation
        implied.expression = inner
        implied.targets = [code] + calculation.targets.filter { $0 != code }
        return implied
    }

    // MARK: - One target

    private func line(_ money: Value.Money, in target: CurrencyCode, _ calculation: Calculation) async throws(Failure)
        -> CalculationResult.Line
    {
        let digits = catalog.minorUnits(of: target)
        var terms: [CalculationResult.Term] = []
        var total = Decimal.zero
        var givenRate: CalculationResult.GivenRateLine?
        if let given = calculation.givenRate, let (code, amount) = money.single {
            let converted = try convert(
                money.numerators[0].amount, dividedBy: money.divisor, at: given, from: code, to: target, places: digits)
            givenRate = try await compared(given, from: code, to: target)
            terms.append(.init(amount: amount, from: code, quote: nil, converted: converted))
            total = converted
        } else {
            for ((code, numerator), (_, amount)) in zip(money.numerators, money.parts) {
                let (converted, quote) = try await convert(numerator, dividedBy: money.divisor, from: code, to: target, places: digits)
                terms.append(.init(amount: amount, from: code, quote: quote, converted: converted))
                total = try exact { () throws(UsageError) in try Exact.add(total, converted, exactTo: digits) }
            }
        }
        total = try exact { () throws(UsageError) in try Exact.shown(total, places: digits) }
        guard let fee = calculation.fee else {
            return .init(result: total.rounded(scale: digits), currency: target, fractionDigits: digits, terms: terms, givenRate: givenRate)
        }
        // The one fee rule (`FeeRule`): the fee on the exact total, each rounded once, and added.
        let charge: Decimal
        switch fee.size {
        case .percent(let share):
            charge = try exact { () throws(UsageError) in try FeeRule.charge(on: total, percent: share, places: digits) }
        case .fixed(let amount, let code):
            charge = try await convert(amount, from: code, to: target, places: digits).0.rounded(scale: digits)
        }
        let subtotal = total.rounded(scale: digits)
        let result = FeeRule.total(subtotal, charge: charge, deducted: fee.deducted)
        return .init(
            result: result, currency: target, fractionDigits: digits, terms: terms,
            fee: .init(subtotal: subtotal, amount: result - subtotal, size: fee.size), givenRate: givenRate)
    }

    /// `amount / divisor` at a rate of your own, as its pair is written (see `GivenRate.orientation`).
    private func convert(
        _ amount: Decimal, dividedBy divisor: Decimal, at given: Calculation.GivenRate, from: CurrencyCode, to: CurrencyCode, places: Int
    ) throws(Failure) -> Decimal {
        guard let orientation = given.orientation(from: from, to: to) else {
            throw .usage(UsageError(.mismatch(.rateNeedsOnePair), span: nil))
        }
        return try exact { () throws(UsageError) in
            switch orientation {
            case .direct: return try Exact.divide(try Exact.multiply(amount, given.rate), divisor, exactTo: places)
            case .inverse: return try Exact.divide(amount, try Exact.multiply(given.rate, divisor), exactTo: places)
            }
        }
    }

    /// A rate of your own beside the reference for its pair, as written; the reference is not
    /// needed for the answer, so without one (offline, nothing held) the line still answers.
    private func compared(_ given: Calculation.GivenRate, from: CurrencyCode, to: CurrencyCode) async throws(Failure)
        -> CalculationResult.GivenRateLine
    {
        let (base, quote) = given.pair ?? (from, to)
        guard let reference = try? await self.quote(base, quote) else {
            return .init(rate: given.rate, base: base, quote: quote, reference: nil, referenceRate: nil, deviation: nil)
        }
        let deviation = try exact { () throws(UsageError) in
            // (given - reference) / reference = given × fromPerBase / toPerBase - 1, to 38 digits.
            try Exact.subtract(try Exact.divide(try Exact.multiply(given.rate, reference.fromPerBase), reference.toPerBase), 1)
        }
        return .init(
            rate: given.rate, base: base, quote: quote, reference: reference, referenceRate: reference.rate,
            deviation: try exact { () throws(UsageError) in try Exact.multiply(deviation, 100, exactTo: 6) })
    }

    /// `amount / divisor` in `to`: amount × toPerBase ÷ (fromPerBase × divisor), one division
    /// at the end, so that a result that is exactly a half stays one. With `places` (an amount to
    /// be shown to that many), a quotient must reach them (`Decimal.quotient(_:_:exactTo:)`).
    private func convert(
        _ amount: Decimal, dividedBy divisor: Decimal = 1, from: CurrencyCode, to: CurrencyCode, places: Int? = nil
    ) async throws(Failure) -> (Decimal, Quote?) {
        guard from != to else {
            return (divisor == 1 ? amount : try exact { () throws(UsageError) in try Exact.divide(amount, divisor, exactTo: places) }, nil)
        }
        let quote = try await quote(from, to)
        let converted = try exact { () throws(UsageError) in
            let product = try Exact.multiply(amount, quote.toPerBase)
            if let denominator = Exact.product(quote.fromPerBase, divisor) {
                return denominator == 1 ? product : try Exact.divide(product, denominator, exactTo: places)
            }
            return try Exact.divide(try Exact.divide(product, quote.fromPerBase, exactTo: places), divisor, exactTo: places)
        }
        return (converted, quote)
    }

    /// All of `money` in `code`, unrounded (exact, or 38 digits reaching its minor unit).
    private func total(_ money: Value.Money, in code: CurrencyCode) async throws(Failure) -> Decimal {
        var total = Decimal.zero
        let digits = catalog.minorUnits(of: code)
        for (from, amount) in money.numerators {
            let converted = try await convert(amount, dividedBy: money.divisor, from: from, to: code, places: digits).0
            total = try exact { () throws(UsageError) in try Exact.add(total, converted, exactTo: digits) }
        }
        return total
    }

    /// `a as % of b`, in percent.
    private func share(_ value: Value, of other: Value) async throws(Failure) -> Decimal {
        switch (value, other) {
        case (.money(let part), .money(let whole)):
            let code = whole.first
            let numerator = try await total(part, in: code)
            let denominator = try await total(whole, in: code)
            return try exact { () throws(UsageError) in try Exact.multiply(try Exact.divide(numerator, denominator), 100) }
        case (.number(let part), .number(let whole)):
            return try exact { () throws(UsageError) in try Exact.multiply(try Exact.divide(part, whole), 100) }
        default:
            throw .usage(UsageError(.mismatch(.shareOfNumber), span: nil))
        }
    }

    // MARK: - The tree

    func value(of expression: Formula) async throws(Failure) -> Value {
        switch expression {
        case .amount(let amount, nil):
            return .number(amount.value)
        case .amount(let amount, let code?):
            return .money(Value.Money(amount.value, code))
        case .percent(let share):
            return .percent(share)
        case .name(let name, let token):
            guard let value = workspace.value(of: name) else {
                let kind: UsageError.Kind =
                    name == "ans"
                    ? .unknownName("ans", suggestion: nil) : .unknownName(name, suggestion: workspace.suggestion(for: name))
                throw .usage(UsageError(kind, at: token))
            }
            return value
        case .negate(let inner):
            let operand = try await value(of: inner)
            return try exact { () throws(UsageError) in try scale(operand, by: -1) }
        case .percentOf(let share, let inner):
            let whole = try await value(of: inner)
            return try exact { () throws(UsageError) in try scale(whole, by: try Exact.divide(share, 100)) }
        case .inCurrency(let inner, let code, let token):
            switch try await value(of: inner) {
            case .number(let number): return .money(Value.Money(number, code))
            case .money(let money) where money.single?.code == code: return .money(money)
            case .money(let money): throw .usage(UsageError(.mismatch(.alreadyMoney(Echo.money(money, catalog: catalog), code)), at: token))
            case .percent: throw .usage(UsageError(.percentOfMoney, at: token))
            }
        case .chain(let first, let links):
            // From the left, one operand at a time: as deep as one term, however long the chain.
            var value = try await value(of: first)
            for link in links {
                value = try await apply(link.op, value, try await self.value(of: link.operand), at: link.token)
            }
            return value
        }
    }

    private func apply(_ op: Formula.Operator, _ lhs: Value, _ rhs: Value, at token: Token) async throws(Failure) -> Value {
        // Money over money is a ratio: both in the divisor's first currency, unrounded.
        if op == .divide, case .money(let a) = lhs, case .money(let b) = rhs {
            let numerator = try await total(a, in: b.first)
            let denominator = try await total(b, in: b.first)
            return try exact { () throws(UsageError) in .number(try Exact.divide(numerator, denominator)) }
        }
        do throws(UsageError) {
            switch (op, lhs, rhs) {
            case (.add, .money(let a), .money(let b)): return .money(try a.adding(b, sign: 1))
            case (.subtract, .money(let a), .money(let b)): return .money(try a.adding(b, sign: -1))
            case (.add, .number(let a), .number(let b)): return .number(try Exact.add(a, b))
            case (.subtract, .number(let a), .number(let b)): return .number(try Exact.subtract(a, b))
            case (.add, .percent(let a), .percent(let b)): return .percent(try Exact.add(a, b))
            case (.subtract, .percent(let a), .percent(let b)): return .percent(try Exact.subtract(a, b))
            // `200 usd + 15%`: a share of the left side.
            case (.add, _, .percent(let share)), (.subtract, _, .percent(let share)):
                let signed = op == .add ? share : -share
                return try scale(lhs, by: try Exact.add(1, try Exact.divide(signed, 100)))
            case (.add, _, _), (.subtract, _, _):
                throw UsageError(.mismatch(.addNumberToMoney(operator: op.rawValue)), at: token)
            case (.multiply, .money, .money):
                throw UsageError(.mismatch(.multiplyMoney), at: token)
            case (.multiply, .money, let factor), (.multiply, let factor, .money):
                let money = if case .money = lhs { lhs } else { rhs }
                return try scale(money, by: try factor.asFactor())
            case (.multiply, let a, let b):
                return .number(try Exact.multiply(try a.asFactor(), try b.asFactor()))
            case (.divide, .money(let money), let divisor) where !divisor.isMoney:
                return .money(try money.divided(by: try divisor.asFactor()))
            case (.divide, _, .money) where !lhs.isMoney:
                throw UsageError(.mismatch(.divideByMoney), at: token)
            case (.divide, let a, let b):
                return .number(try Exact.divide(try a.asFactor(), try b.asFactor()))
            }
        } catch {
            throw .usage(error)
        }
    }

    private func scale(_ value: Value, by factor: Decimal) throws(UsageError) -> Value {
        switch value {
        case .money(let money): .money(try money.scaled(by: factor))
        case .number(let number): .number(try Exact.multiply(number, factor))
        case .percent(let share): .percent(try Exact.multiply(share, factor))
        }
    }

    private func exact<T>(_ body: () throws(UsageError) -> T) throws(Failure) -> T {
        do { return try body() } catch { throw .usage(error) }
    }
}

extension Value {
    var isMoney: Bool {
        if case .money = self { return true }
        return false
    }

    /// A plain number or a percentage as the number it multiplies by.
    func asFactor() throws(UsageError) -> Decimal {
        switch self {
        case .number(let number): number
        case .percent(let share): try Exact.divide(share, 100)
        case .money: throw UsageError(.mismatch(.multiplyMoney), span: nil)
        }
    }
}
