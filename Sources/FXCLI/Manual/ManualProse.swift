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
            An amount takes thousands separators (1,234.56, 1.234,56, 1 234,56, 1'234.50, 1_000, 1,00,000),
            the suffixes and scale words k, m, bn, lakh, crore, 만, 억, 万 (1.5k, 2m, 1.5 lakh, ₩12만);
            1,234 is read as 1234 and 1.234 as 1.234 unless set number_format says otherwise (de, fr).
            Before a currency an amount may be written in words (fifty quid, a hundred dollars, twenty-five, half a million).
            Its currency code may be glued to it (100usd), and a symbol may stand before or after it ($100, 100€).
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
        page.request(".PP")
        page.text(
            """
            A line may calculate: + - * / and parentheses over amounts and plain numbers
            (100 usd + 20 eur in gbp, (1450 chf - 200 chf) / 3 in eur, 17.5 * 3).
            Each currency written is converted once, at full precision, into the target (without one,
            into the first term's currency); only the final result is rounded, once. Division carries
            38 significant digits, and a result beyond them is an error, never a rounded guess.
            Money plus a plain number, or money times money, is a usage error.
            Percentages: 200 usd + 15%, 200 usd - 2.5%, 15% of 200 usd, 200 usd as % of 180 eur.
            A fee: 500 eur in usd + 2.5% fee prints the conversion, the fee and the total, which add up.
            A rate of your own: 500 eur in usd at 1.0712 (or at 1.0712 usd/eur), compared with the reference.
            The reverse question: eur for 500 usd, or 500 usd from eur + 2% fee.
            A currency alone shows rates: usd jpy, usd/jpy, usd.
            name = <expression> keeps a value for the session or script (rent = 1450 chf; vars lists them);
            ans is the last result. set home, set targets and set number_format keep preferences in the
            configuration file; settings shows them.
            """)
    }

    static func datesAndRanges(_ page: inout Roff) {
        page.request(".SH", "DATES AND RANGES")
        page.text(
            """
            A date follows on (or at) at the end of a conversion or a rate, or on before a calculation:
            2024-03-01, 2013/03/21, 21.03.2013, today, yesterday, 3d ago, 3 days ago, 2w ago, 6m ago,
            1 month ago, 1y ago, three days ago, last friday, last week, last month, last year, end of 2023,
            end of march 2024, at the end of 2024, 1 jan 2024, the 1st of March 2024, march 3rd 2024, march 1, 2024,
            1-mar-2024, 1 march (the latest not after today), christmas 2024, christmas eve, boxing day, new year's day,
            new year's eve, 01/15/2024, 15/01/2024; days are your own calendar days. A date may also end a line
            without on (100 usd in eur yesterday, rate usd eur 2024-03-01). A slash date that reads both ways
            (01/02/2024) is refused with the question unless set date_order dmy or mdy says how to read it.
            The answer says what day words meant (note: yesterday = 2026-11-24 on stderr, date_typed and
            date_meant in JSON).
            A date on which no rates were published (a weekend, a holiday, today before publication)
            uses the last publication before it, and the answer says which day it used.
            A date in the future is a usage error; a date outside a currency's published range is an error naming the range.
            """)
        page.request(".PP")
        page.text(
            """
            A range for history: 30d, 2w, 6m, 1y (the default), ytd, all, from <date> [to <date>]
            (since and until are read as from and to), or a date alone for from that date until today;
            2024 (the year), march 2024 (the month), and last week, last month, last year: the whole calendar
            week (Monday to Sunday), month or year before the current one.
            """)
    }

    static func exitStatus(_ page: inout Roff) {
        page.request(".SH", "EXIT STATUS")
        let statuses = [
            ("0", "Success."),
            (
                "1",
                """
                A runtime failure: no rate for a currency, a source failed with nothing cached, every refresh failed;
                or standard output or standard error could not be written (a full disk, /dev/full), which one line on
                standard error says (if it can) and after which fx runs nothing more. A closed pipe ends fx quietly.
                """
            ),
            ("2", "A usage error: an unknown command, currency or source, a malformed amount, date or option."),
            ("3", "The answer was given, but from rates older than --max-age allows."),
        ]
        for (status, meaning) in statuses {
            page.request(".TP")
            page.raw(Roff.bold(status))
            page.text(meaning)
        }
        page.request(".PP")
        page.text("In a script, the status is that of the first line that failed, or 1 once a write has failed.")
        page.request(".PP")
        page.text(
            "A condition (usd krw >= 1400) exits 0 when it holds, 1 when it does not and 2 on any error; in a script of "
                + "conditions, 0 means every one held. watch exits 0 after a key, --count or --until, 1 when no refresh "
                + "priced any pair (every one failed), and 130 after Ctrl-C.")
    }

    static func examples(_ page: inout Roff) {
        page.request(".SH", "EXAMPLES")
        let examples = [
            ("fx 100 usd eur", "Convert 100 US dollars into euros."),
            ("fx convert 1,234.56 gbp to jpy chf", "Convert into two currencies at once."),
            ("fx '100 usd + 20 eur in gbp'", "Add amounts in two currencies, in pounds."),
            ("fx '500 eur in usd + 2.5% fee'", "What a card charges: the conversion, the fee and the total."),
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
