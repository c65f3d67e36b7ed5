// libFuzzer target for fx's input side: the bytes are one line, as script mode would read it,
// through the tokenizer, the parser (and the message a usage error prints), the completer at
// several cursor positions, and the --max-age duration reader. Scripts/fuzz builds and runs it.
//
// Invariants (a violation aborts, which libFuzzer reports as a crash with the input saved):
// - nothing traps (overflow, out-of-range index, force unwrap) and ASan sees no bad access;
// - every token is non-empty text copied from the line, at the offsets it claims, in order;
// - the parser returns nil (blank line or comment), a command, or a UsageError whose message is
//   non-empty, printable (no control characters reach a terminal) and whose span lies in the line;
// - a rendered JSON error object parses back as JSON;
// - the completer's word lies before the cursor, its partial word is the text there, and every
//   candidate starts with that partial word (ignoring case).
//
// Two builds of one file. SwiftPM builds this target with the rest of the package, so it cannot
// rot: there `main` below replays inputs (files named as arguments, or each line of stdin)
// through the same checks, e.g. a crash file in a plain debug build. Scripts/fuzz builds it with
// `--sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFX_FUZZING` into .build-fuzz: libFuzzer
// brings its own `main`, which calls LLVMFuzzerInitialize and LLVMFuzzerTestOneInput, so this
// file's `main` is compiled out (two `main`s would not link).

import FXAnswers
import FXCommands
import FXRates
import FXRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private let context = {
    var context = ParseContext(
        sourceIDs: [.ecb, .frankfurter, SourceID("boc"), SourceID("dunamu")],
        allSourceIDs: [.ecb, .frankfurter, SourceID("boc"), SourceID("oxr"), SourceID("dunamu"), SourceID("nasdaq")])
    // A user's aliases (`set alias`), one of them over a name of fx's (`buck`), so that they are read too.
    context.aliases = ["greenback": CurrencyCode("USD")!, "buck": CurrencyCode("CAD")!, "quid": CurrencyCode("GBP")!]
    return context
}()
private let parser = Parser(context: context)
private let completer = Completer(context: context)

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data(("fuzz invariant failed: " + message() + "\n").utf8))
    abort()
}

/// Seeds from the grammar: `FX_FUZZ_SEEDS=<dir>` writes every command's examples, synopsis and
/// names (plus a few shapes the examples lack) as corpus files, then exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    writeSeedsIfAsked()
    return 0
}

private func writeSeedsIfAsked() {
    guard let directory = ProcessInfo.processInfo.environment["FX_FUZZ_SEEDS"] else { return }
    var seeds: [String] = []
    for spec in CommandTree().commands {
        seeds += spec.examples
        seeds.append(spec.synopsis)
        seeds += spec.names.map { $0 + " " }
        seeds.append("help " + spec.name)
    }
    seeds += [
        "100 usd eur", "1,234.56 gbp to jpy chf", "$100 → eur", "100€ in usd", "1.5k eur usd", "₩50000 jpy",
        "rate usd/jpy on 3 days ago", "history usd jpy from 2015-01-01 to 2015-02-28 --json", "sources order boc ecb",
        "sources compare usd jpy", "refresh ecb frankfurter", "convert 100 usd eur on 2013-03-21", "-$5 usd", "zł100 eur",
        "  # a comment", "90s", "1d12h", "1e400 usd eur", "0.000000000000000001 usd eur", "１００ usd eur", "((((1))))",
        "convert 100 usd eur,gbp,jpy", "history usd jpy 30 days", "c 1 usd -> eur",
        // Names, symbols, questions and metals (issue 24): the words the name table and the phrasing read.
        "100 dollars to euros", "2 greenbacks + 3 bucks in quid", "set alias loon cad", "100 yen to dollars", "50 pounds in rupees",
        "100 Swiss Francs in eur", "us dollar",
        "€100 to $", "100 € in £", "¥1000", "₩50,000", "R$ 10", "zł 10", "kr 100", "how much is 100 usd in eur",
        "100 usd in eur?", "exchange rate usd eur", "eurusd", "100 usd to eur plus 2% fee", "2 times 3 minus 1",
        "1 troy ounce gold in eur", "1kg gold in usd", "100g silver chf", "yen", "of", "last",
    ]
    // Dates in words (issue 24): the forms, the slash orders, and a date word where a currency goes.
    seeds += [
        "100 usd in eur yesterday", "100 usd eur 1 march 2024", "rate usd eur on march 1, 2024", "rate usd eur 01/02/2024",
        "rate usd eur 01/15/2024", "100 usd eur 31 feb 2024", "history usd eur 2024", "history usd eur last month",
        "usd eur last friday", "100 usd in eur last", "100 usd eur 3rd of may", "rate usd eur avg last week",
    ]
    seeds += HelpTopic.all.flatMap(\.examples)
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (index, seed) in seeds.enumerated() {
        _ = FileManager.default.createFile(atPath: directory + "/seed-\(index)", contents: Data(seed.utf8))
    }
    print("wrote \(seeds.count) seeds to \(directory)")
    exit(0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(UnsafeBufferPointer(start: size > 0 ? data : nil, count: size))
    return 0
}

private func fuzz(_ data: UnsafeBufferPointer<UInt8>) {
    let size = data.count
    // Script mode makes a String of a line's bytes the same way: invalid UTF-8 becomes U+FFFD.
    let line = String(decoding: data, as: UTF8.self)
    let characters = Array(line)

    // Tokens: text from the line, in order, where they say.
    var previousEnd = 0
    for token in Tokenizer.tokenize(line) {
        check(!token.text.isEmpty, "empty token at \(token.start)")
        check(
            token.start >= previousEnd && token.start < token.end && token.end <= characters.count,
            "token '\(token.text)' at \(token.start)..<\(token.end) of \(characters.count)")
        check(String(characters[token.start..<token.end]) == token.text, "token text differs from the line at \(token.start)")
        previousEnd = token.end
    }

    // Parser: nothing, a command, or a usage error that says something printable about a place in the line.
    do {
        _ = try parser.parse(line)
    } catch {
        let message = Messages.text(for: error)
        check(!message.isEmpty, "empty message for \(error.kind)")
        check(
            !message.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x1B },
            "control character in the message for \(error.kind)")
        check(message.unicodeScalars.count < 1_000, "a message of \(message.unicodeScalars.count) characters")
        if let span = error.span {
            check(span.lowerBound >= 0 && span.upperBound <= characters.count, "span \(span) outside a line of \(characters.count)")
        }
        let json = JSONRenderer.render(.usage(error), line: 1)
        check((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "error JSON does not parse: \(json)")
    }

    // Completer at the start, the middle, the end, past the end, before the start, at a place the
    // input chooses and after each of the first words.
    var cursors: Set<Int> = [0, characters.count / 2, characters.count, characters.count + 3, -1]
    if size > 0 { cursors.insert(Int(data[0]) % (characters.count + 1)) }
    for token in Tokenizer.tokenize(line).prefix(3) { cursors.insert(token.end) }
    for cursor in cursors {
        let completion = completer.complete(line: line, cursor: cursor)
        let end = min(max(0, cursor), characters.count)
        check(completion.wordStart >= 0 && completion.wordStart <= end, "word start \(completion.wordStart) past cursor \(end)")
        check(
            String(characters[completion.wordStart..<end]) == completion.partial || completion.partial.isEmpty,
            "partial '\(completion.partial)' is not the text before the cursor")
        let folded = completion.partial.lowercased()
        for candidate in completion.candidates {
            check(
                candidate.text.lowercased().hasPrefix(folded), "candidate '\(candidate.text)' does not start with '\(completion.partial)'")
        }
        _ = completion.commonPrefix
    }

    // --max-age: a duration or nil, never negative.
    if let seconds = DurationParser.parse(line) { check(seconds >= 0, "negative duration \(seconds)") }
}

#if !FX_FUZZING
/// Without libFuzzer: `FuzzCommands [file...]` runs each file through the checks (a saved crash,
/// a corpus), or with no files each line of stdin; `FX_FUZZ_SEEDS=<dir>` writes the seeds.
@main
enum Replay {
    static func main() {
        writeSeedsIfAsked()
        let paths = Array(CommandLine.arguments.dropFirst())
        if let flag = paths.first(where: { $0.hasPrefix("-") }) {
            FileHandle.standardError.write(Data("FuzzCommands: \(flag): this build has no libFuzzer; Scripts/fuzz builds one\n".utf8))
            exit(2)
        }
        var inputs = 0
        if paths.isEmpty {
            while let line = readLine(strippingNewline: true) {
                Array(line.utf8).withUnsafeBufferPointer { fuzz($0) }
                inputs += 1
            }
        }
        for path in paths {
            guard let contents = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("FuzzCommands: cannot read \(path)\n".utf8))
                exit(2)
            }
            Array(contents).withUnsafeBufferPointer { fuzz($0) }
            inputs += 1
        }
        print("FuzzCommands: \(inputs) inputs passed every check")
    }
}
#endif
