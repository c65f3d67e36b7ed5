// The floor for fx's one-shot start-up: a statically linked Swift program that parses one
// decimal and does one Decimal multiplication (Benchmarks/compare.py builds and times it).
import Foundation

let amount = Decimal(string: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "100")!
print(amount * Decimal(string: "0.8951")!)
