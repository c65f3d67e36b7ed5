import FXCommands

/// The manual's sections that explain rather than list: the grammar the commands share, dates
/// and ranges, exit statuses and examples. Lists (symbols) still come from the parser's tables.
enum ManualProse {
    static func grammar(_ page: inout Roff) {
        page.request(".SH", "GRAMMAR")
        page.text(
            """
            Words are separated by spaces; commands, currency codes and keywords are case-insensitive.
            Currencies are ISO 4217 codes (usd, EUR), including those the ECB published and later retired, within their dates.
            """)
        page.request(".PP")
        page.text(
            """
            An amount takes thousands separators (1,234.56) and the suffixes k, m and bn (1.5k, 2m, 3bn);
            its currency code may be glued to it (100usd), and a symbol may stand before or after it ($100, 100€).
            The symbols fx reads are:
            """)
        // By code, then by symbol's code points: a dictionary has no order, the page must have one.
        let symbols = ParseContext.defaultSymbols.map { (symbol: $0.key, code: $0.value.rawValue) }.sorted {
            $0.code != $1.code
                ? $0.code < $1.code : $0.symbol.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.symbol.unicodeScalars.map(\.value))
        }
        page.text(symbols.map { $0.symbol + " " + $0.code }.joined(separator: ", ") + ".")
        page.request(".PP")
        page.text(
            """
            Between the source currency and the targets, to, in, as, -> or → may stand, or nothing;
            several targets may follow (usd eur jpy). A pair may be written with a slash: usd/jpy.
            A result is rounded to the target currency's ISO 4217 minor unit, half away from zero;
            a rate is shown to six significant digits.
            """)
    }

    static func datesAndRanges(_ page: inout Roff) {
        page.request(".SH", "DATES AND RANGES")
        page.text(
            """
            A date follows on (or at) at the end of a conversion or a rate: 2024-03-01, today, yesterday,
            3d ago, 3 days ago, 2w ago, 2 weeks ago; days are your own calendar days.
            A date on which no rates were published (a weekend, a holiday, today before publication)
            uses the last publication before it, and the answer says which day it used.
            A date in the future is a usage error; a date outside a currency's published range is an error naming the range.
            """)
        page.request(".PP")
        page.text(
            """
            A range for history: 30d, 2w, 6m, 1y (the default), ytd, all, from <date> [to <date>]
            (since and until are read as from and to), or a date alone for from that date until today.
            """)
    }

    static func exitStatus(_ page: inout Roff) {
        page.request(".SH", "EXIT STATUS")
        let statuses = [
            ("0", "Success."),
            ("1", "A runtime failure: no rate for a currency, a source failed with nothing cached, every refresh failed."),
            ("2", "A usage error: an unknown command, currency or source, a malformed amount, date or option."),
            ("3", "The answer was given, but from rates older than --max-age allows."),
        ]
        for (status, meaning) in statuses {
            page.request(".TP")
            page.raw(Roff.bold(status))
            page.text(meaning)
        }
        page.request(".PP")
        page.text("In a script, the status is that of the first line that failed.")
    }

    static func examples(_ page: inout Roff) {
        page.request(".SH", "EXAMPLES")
        let examples = [
            ("fx 100 usd eur", "Convert 100 US dollars into euros."),
            ("fx convert 1,234.56 gbp to jpy chf", "Convert into two currencies at once."),
            ("fx rate usd jpy on 2020-03-13", "The rate on a past day."),
            ("fx history usd jpy 6m", "Chart a pair over six months, with its statistics."),
            ("fx --json --offline rate eur", "Every rate against the euro as JSON, without touching the network."),
            ("printf '100 usd eur\\n50 gbp jpy\\n' | fx", "Two conversions from a script, one answer per line."),
            ("fx sources compare usd jpy", "Each source's rate for a pair, and how far each is from their median."),
        ]
        for (line, meaning) in examples {
            page.request(".TP")
            page.raw(Roff.bold(line))
            page.text(meaning)
        }
    }
}
