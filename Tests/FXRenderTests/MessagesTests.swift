import FXCommands
import FXRates
import FXAnswers
import FXRender
import Testing
import Foundation

@Suite("Messages")
struct MessagesTests {
    static let eur = CurrencyCode("EUR")!

    static let usage: [(UsageError.Kind, String)] = [
        (.unknownCurrency("eux", suggestion: eur), "Unknown currency 'EUX'. Did you mean 'EUR'?"),
        (
            .unknownCurrency("zzzzzz", suggestion: nil),
            "Unknown currency 'zzzzzz'. Use an ISO 4217 code such as USD, EUR or JPY."
        ),
        (.unknownCommand("conver", suggestion: "convert"), "Unknown command 'conver'. Did you mean 'convert'?"),
        (.unknownCommand("bogus", suggestion: nil), "Unknown command 'bogus'. Type 'help' to see the commands."),
        (.unknownSource("xyz", known: [.ecb]), "Unknown source 'xyz'. Sources: ecb."),
        (
            .malformedAmount("1,5", hint: .decimalComma),
            "Malformed amount '1,5'. Use one decimal mark, as in 1,234.56 or 1.234,56."
        ),
        (
            .malformedAmount("1e3", hint: .exponent),
            "Malformed amount '1e3'. Write the number out; exponents such as 1e3 are not accepted."
        ),
        (.malformedAmount("1.2.3", hint: nil), "Malformed amount '1.2.3'. Write amounts like 100, 1,234.56, 1.234,56, 1.5k or $20."),
        (.missingAmount(command: "convert"), "Missing amount after 'convert'. Example: convert 100 usd eur"),
        (.missingAmount(command: ""), "Missing amount. Example: 100 usd eur"),
        (.missingCurrency(after: "100"), "Missing currency after '100'. Example: convert 100 usd eur"),
        (.missingTarget(after: "usd"), "Missing target currency after 'usd'. Example: convert 100 usd eur"),
        (.unexpectedWord("now", command: "quit"), "Unexpected 'now' after 'quit'. Type 'help quit' for its grammar."),
        (.unknownHelpTopic("convrt", suggestion: "convert"), "No help for 'convrt'. Did you mean 'convert'?"),
    ]

    @Test(arguments: usage)
    func usageErrorsReadExactlySo(kind: UsageError.Kind, text: String) {
        #expect(Messages.text(for: UsageError(kind, span: nil)) == text)
        #expect(Failure.usage(UsageError(kind, span: nil)).message == text)
    }

    @Test
    func rateErrorsReadExactlySo() {
        #expect(
            Messages.text(for: RateError.notCovered(CurrencyCode("KWD")!, sourceNames: ["European Central Bank"]))
                == "No rate for KWD: it is not published by European Central Bank.")
        #expect(
            Messages.text(for: RateError.notCovered(CurrencyCode("KWD")!, sourceNames: []))
                == "No rate for KWD: it is not published by any enabled source.")
        #expect(
            Messages.text(
                for: RateError.unavailable(
                    source: .ecb, sourceName: "European Central Bank",
                    failure: .httpStatus(503)))
                == "No rates available: European Central Bank: server answered HTTP 503 (Service Unavailable), and nothing is cached.")
    }

    /// Issue 32: an asset a fetch went without is named with its source and reason, at the fetch
    /// (a warning) and when asked for (the error, code `not_priced`, status 1).
    @Test
    func whatAFetchCouldNotPriceIsNamedWithItsSourceAndReason() {
        let xrp = CurrencyCode("XRP")!, ltc = CurrencyCode("LTC")!
        let invalid = FetchFailure.providerError("Invalid currency (not_found)")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(
            Messages.text(for: .partlyPriced(source: .coinbase, sourceName: "Coinbase", gaps: [PriceGap(xrp, invalid)]), now: now)
                == "Coinbase did not price XRP (Invalid currency (not_found)); its other prices are kept")
        #expect(
            Messages.text(
                for: .partlyPriced(source: .coinbase, sourceName: "Coinbase", gaps: [PriceGap(xrp, invalid), PriceGap(ltc, invalid)]),
                now: now)
                == "Coinbase did not price XRP or LTC (Invalid currency (not_found)); its other prices are kept")
        #expect(
            Messages.text(
                for: .partlyPriced(
                    source: .kraken, sourceName: "Kraken", gaps: [PriceGap(xrp, .notInAnswer("XRPEUR")), PriceGap(ltc, .httpStatus(500))]),
                now: now)
                == "Kraken did not price XRP (its answer has no XRPEUR) or LTC (server answered HTTP 500 (Internal Server Error)); its other prices are kept"
        )
        let error = Failure.rates(.notPriced(xrp, source: .coinbase, sourceName: "Coinbase", failure: invalid))
        #expect(
            error.message
                == "No rate for XRP: Coinbase did not price it in its last fetch (Invalid currency (not_found)); 'fx refresh coinbase' asks again."
        )
        #expect(error.code == "not_priced")
        #expect(error.exitStatus == 1)
    }

    @Test
    func dataTooOldNamesTheSourceTheDateAndBothDurations() {
        let provenance = Provenance(
            source: .ecb, sourceName: "European Central Bank",
            date: Day(year: 2026, month: 10, day: 30)!, fetchedAt: nil, origin: .cache)
        #expect(
            Failure.tooOld(provenance, staleness: 16 * 3600, maxAge: 3600).message
                == "European Central Bank rates of 2026-10-30 were superseded 16h ago, longer than --max-age 1h allows")
    }

    @Test
    func aTypedControlCharacterIsShownNotSentToTheTerminal() {
        let text = Messages.text(for: UsageError(.unknownCommand("\u{1B}[2Jx", suggestion: nil), span: nil))
        #expect(!text.contains("\u{1B}"))
        #expect(text == "Unknown command '\\x1B[2Jx'. Type 'help' to see the commands.")
    }
}
