import FXCommands
import FXRates
import Foundation

// One TAB at the prompt is one `Completer.complete` call, in process. This times it with the
// real catalogue grown to 300 currency codes (ISO 4217 plus made-up codes) over lines that
// complete commands, amounts' currencies, keywords and dates. Prints figures, asserts nothing.

var currencies = CurrencyCatalog.standard.all
let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
var index = 0
while currencies.count < 300 {
    let code = "Q" + String(letters[index / 26 % 26]) + String(letters[index % 26])
    index += 1
    guard let currency = CurrencyCode(code), CurrencyCatalog.standard[currency] == nil else { continue }
    currencies.append(Currency(code: currency, minorUnits: 2, name: "Test currency \(code)"))
}
let catalog = CurrencyCatalog(currencies)
let completer = Completer(context: ParseContext(catalog: catalog, sourceIDs: [.ecb, .frankfurter, .boc]))
let lines = [
    "", "c", "conv", "convert 100 ", "convert 100 u", "convert 100 usd ", "convert 100 usd e",
    "convert 100 usd eur ", "convert 100 usd eur o", "rate ", "rate usd j", "history usd jpy ",
    "history usd jpy 1", "sources ", "refresh ", "100 q", "convert 1 usd in ", "help c",
]

var samples: [Double] = []
var candidates = 0
for round in 0..<200 {
    for line in lines {
        let start = DispatchTime.now().uptimeNanoseconds
        let completion = completer.complete(line: line, cursor: line.count)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        if round > 0 { samples.append(elapsed) }  // the first round pays one-time set-up
        candidates = max(candidates, completion.candidates.count)
    }
}
samples.sort()
let sorted = samples
func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
print("completion: \(catalog.all.count) currency codes, \(lines.count) lines × 199 rounds, up to \(candidates) candidates")
print(
    String(
        format: "  one TAB  median %.1f µs   p90 %.1f µs   p99 %.1f µs   (target: 2,000 µs)",
        percentile(0.5), percentile(0.9), percentile(0.99)))
