@testable import FXCommands
import FXRates
import Foundation
import Testing

/// Amounts as people in other countries write them: one word through `parse`, several through `read`.
@Suite struct LocaleAmountTests {
    /// (word, digits, decimals typed, currency) under the default format.
    static let words: [(String, String, Int, String?)] = [
        ("1.234,56", "1234.56", 2, nil), ("1,234.56", "1234.56", 2, nil), ("1.234.567", "1234567", 0, nil),
        ("1.234.567,8", "1234567.8", 1, nil), ("1,234,567", "1234567", 0, nil), ("12,5", "12.5", 1, nil),
        ("0,5", "0.5", 1, nil), ("1,2345", "1.2345", 4, nil), ("0,123", "0.123", 3, nil), ("1234,567", "1234.567", 3, nil),
        ("1'234.50", "1234.5", 2, nil), ("1’234.50", "1234.5", 2, nil), ("1'234'567", "1234567", 0, nil), ("1'234,50", "1234.5", 2, nil),
        ("1_000", "1000", 0, nil), ("1_000_000.25", "1000000.25", 2, nil),
        ("1\u{00A0}234,56", "1234.56", 2, nil), ("1\u{202F}234,56", "1234.56", 2, nil), ("1\u{00A0}234\u{00A0}567", "1234567", 0, nil),
        ("1\u{00A0}234,56\u{00A0}€", "1234.56", 2, "EUR"), ("1\u{202F}234,56€", "1234.56", 2, "EUR"),
        ("1,00,000", "100000", 0, nil), ("12,34,567", "1234567", 0, nil), ("1,00,000.50", "100000.5", 2, nil),
        ("₩12만", "120000", 0, "KRW"), ("3억", "300000000", 0, nil), ("5万", "50000", 0, nil), ("2億", "200000000", 0, nil),
        ("3千", "3000", 0, nil), ("4천", "4000", 0, nil), ("1.5만", "15000", 0, nil), ("2조", "2000000000000", 0, nil),
        ("1兆", "1000000000000", 0, nil), ("1.5lakh", "150000", 0, nil), ("2crore", "20000000", 0, nil), ("2cr", "20000000", 0, nil),
        ("1.5mn", "1500000", 0, nil), ("1,234", "1234", 0, nil), ("1.234", "1.234", 3, nil), ("1.5k", "1500", 0, nil),
    ]

    @Test(arguments: words)
    func aWordReadsAsWritten(word: String, digits: String, scale: Int, currency: String?) throws {
        guard case .success(let parsed) = AmountParser.parse(word, context: ParseContext()) else {
            Issue.record("\(word) did not read")
            return
        }
        #expect(DecimalFormat.plain(parsed.amount.value) == digits, "\(word)")
        #expect(parsed.amount.scale == scale, "\(word)")
        #expect(parsed.currency?.rawValue == currency, "\(word)")
    }

    /// Only a lone mark before exactly three digits depends on the format.
    @Test(arguments: [
        (NumberFormat.english, "1.234", "1.234"), (.english, "1,234", "1234"), (.german, "1.234", "1234"), (.german, "1,234", "1.234"),
        (.french, "1,234", "1.234"), (.french, "1.234", "1234"), (.swiss, "1.234", "1.234"), (.swiss, "1,234", "1234"),
        (.indian, "1,234", "1234"), (.german, "1.234,56", "1234.56"), (.german, "1,234.56", "1234.56"), (.german, "12,5", "12.5"),
        (.german, "1.5", "1.5"), (.german, "1'234", "1234"), (.german, "0.123", "0.123"), (.german, "1.234.567", "1234567"),
    ])
    func theFormatDecidesOnlyTheAmbiguousForms(format: NumberFormat, word: String, digits: String) throws {
        guard case .success(let parsed) = AmountParser.parse(word, context: ParseContext(numberFormat: format)) else {
            Issue.record("\(word) did not read under \(format)")
            return
        }
        #expect(DecimalFormat.plain(parsed.amount.value) == digits)
    }

    @Test(arguments: [
        "1,23.4", "1.2.3", "12,34,5", "1.234,567,8", "1,234.567.8", "1'234'56", "1_00", "1__000", "1'234.5,6", "1 234,5 6", "1,000'000.5",
        "1,2,3", "1..5", "1,,000", "01,234,567",
    ])
    func malformedGroupsAreRefused(word: String) {
        guard case .failure(.malformed) = AmountParser.parse(word, context: ParseContext()) else {
            Issue.record("\(word) read")
            return
        }
    }

    @Test
    func exactnessLimitsStillHold() {
        #expect(AmountParser.parse("1.000.000.000.000.000.000.000.000", context: ParseContext()) == .failure(.malformed(.tooLarge)))
        #expect(AmountParser.parse("1000000000000조", context: ParseContext()) == .failure(.malformed(.tooLarge)))
        let precise = "1," + String(repeating: "1", count: 40)
        #expect(AmountParser.parse(precise, context: ParseContext()) == .failure(.malformed(.tooPrecise)))
    }

    // MARK: - read: amounts over several words

    /// (line, digits, scale, currency, words consumed).
    static let lines: [(String, String, Int, String?, Int)] = [
        ("1 234,56 € usd", "1234.56", 2, "EUR", 3), ("1\u{00A0}234,56 € usd", "1234.56", 2, "EUR", 3),
        ("1\u{202F}234,56\u{202F}€ usd", "1234.56", 2, "EUR", 3), ("€ 1 234,56 usd", "1234.56", 2, "EUR", 3),
        ("1 234 567 usd", "1234567", 0, nil, 3), ("12 345.5 usd", "12345.5", 1, nil, 2), ("1 234€ usd", "1234", 0, "EUR", 2),
        ("1.5 lakh inr", "150000", 0, nil, 2), ("1.5 lakhs inr", "150000", 0, nil, 2), ("3 lac inr", "300000", 0, nil, 2),
        ("2 crore inr", "20000000", 0, nil, 2), ("2 crores inr", "20000000", 0, nil, 2), ("2 cr inr", "20000000", 0, nil, 2),
        ("3 million usd", "3000000", 0, nil, 2), ("3 mn usd", "3000000", 0, nil, 2), ("3 m usd", "3000000", 0, nil, 2),
        ("2 billion usd", "2000000000", 0, nil, 2), ("2 bn usd", "2000000000", 0, nil, 2), ("4 thousand usd", "4000", 0, nil, 2),
        ("4 k usd", "4000", 0, nil, 2), ("5 万 jpy", "50000", 0, nil, 2), ("₩12만 jpy", "120000", 0, "KRW", 1),
        ("€ 1.5 million usd", "1500000", 0, "EUR", 3), ("1.5 million € usd", "1500000", 0, "EUR", 3), ("100 € usd", "100", 0, "EUR", 2),
        ("100 usd eur", "100", 0, nil, 1), ("1.5 200 usd", "1.5", 1, nil, 1), ("1000 200 usd", "1000", 0, nil, 1),
        ("100 2000 usd", "100", 0, nil, 1), ("2 b usd", "2", 0, nil, 1), ("1 234,56", "1234.56", 2, nil, 2),
    ]

    @Test(arguments: lines)
    func readTakesTheWordsOfOneAmount(line: String, digits: String, scale: Int, currency: String?, consumed: Int) throws {
        let tokens = Tokenizer.tokenize(line)
        guard case .success(let reading) = AmountParser.read(tokens[...], context: ParseContext()) else {
            Issue.record("\(line) did not read")
            return
        }
        #expect(DecimalFormat.plain(reading.parsed.amount.value) == digits, "\(line)")
        #expect(reading.parsed.amount.scale == scale, "\(line)")
        #expect(reading.parsed.currency?.rawValue == currency, "\(line)")
        #expect(reading.consumed == consumed, "\(line)")
        #expect(reading.word.start == tokens[0].start && reading.word.end == tokens[consumed - 1].end)
    }

    @Test
    func readBlamesTheWordsItJoined() {
        let tokens = Tokenizer.tokenize("1 234,5,6 usd")
        #expect(
            AmountParser.read(tokens[...], context: ParseContext())
                == .failure(AmountParser.ReadFailure(failure: .malformed(nil), word: Token("1 234,5,6", start: 0, end: 9))))
        #expect(AmountParser.read([][...], context: ParseContext()) == .failure(AmountParser.ReadFailure(failure: .notANumber, word: nil)))
        let unknown = Tokenizer.tokenize("usd 100")
        #expect(
            AmountParser.read(unknown[...], context: ParseContext())
                == .failure(AmountParser.ReadFailure(failure: .notANumber, word: Token("usd", start: 0, end: 3))))
    }

    /// Through the whole parser, a single word already reads in every notation.
    @Test(arguments: [
        ("1.234,56 eur usd", "1234.56", "EUR"), ("1'234.50 chf eur", "1234.5", "CHF"), ("1_000 usd eur", "1000", "USD"),
        ("₩12만 usd", "120000", "KRW"), ("3억 krw usd", "300000000", "KRW"), ("1,00,000 inr usd", "100000", "INR"),
        ("5万 jpy usd", "50000", "JPY"), ("12,5 eur usd", "12.5", "EUR"),
    ])
    func localeWordsConvert(line: String, digits: String, from: String) throws {
        guard case .convert(let amount, let source, _, _)? = try Parser().parse(line) else {
            Issue.record("\(line) is no conversion")
            return
        }
        #expect(DecimalFormat.plain(amount.value) == digits)
        #expect(source.rawValue == from)
    }
}
