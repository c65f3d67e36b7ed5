import FXCommands
import FXRates
import FXAnswers
import FXRender
@testable import FXShell
import FXTestSupport
import Foundation
import Testing

/// The file behind bare `history`: JSON Lines in the state directory, kept short, never fatal.
@Suite("Conversion log file")
struct ConversionLogFileTests {
    static func entry(_ n: Int, rate: String? = "0.895094880057") -> ConversionLogEntry {
        ConversionLogEntry(
            time: Date(timeIntervalSince1970: 1_793_379_600 + TimeInterval(n) * 60), line: "\(n) usd eur",
            result: "\(n).00 EUR", rate: rate, source: rate == nil ? nil : .ecb,
            asOf: rate == nil ? nil : Day(year: 2026, month: 10, day: 30))
    }

    static func lineCount(_ path: String) -> Int {
        (FileManager.default.contents(atPath: path) ?? Data()).filter { $0 == 0x0A }.count
    }

    @Test
    func entriesComeBackAsTheyWereAppendedMissingFieldsIncluded() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileConversionLog(stateDirectory: directory.path + "/fx")
        #expect(log.entries() == [])
        #expect(log.append([Self.entry(1), Self.entry(2, rate: nil)]) == nil)
        #expect(log.append([Self.entry(3)]) == nil)
        #expect(log.entries() == [Self.entry(1), Self.entry(2, rate: nil), Self.entry(3)])
        let text = try #require(String(data: FileManager.default.contents(atPath: log.path)!, encoding: .utf8))
        #expect(
            text.split(separator: "\n").first.map(String.init) == #"{"as_of":"2026-10-30","line":"1 usd eur","rate":"0.895094880057","#
                + #""result":"1.00 EUR","source":"ecb","time":"2026-10-30T17:01:00Z"}"#)
    }

    @Test
    func aLogBeyondItsCapIsSetAsideOnceWithoutBeingRead() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileConversionLog(stateDirectory: directory.path + "/fx")
        #expect(log.append([Self.entry(1)]) == nil)
        #expect(truncate(log.path, 2 << 30) == 0)  // 2 GiB, sparse: not the size the lock file counted
        let started = Date()
        #expect(log.append([Self.entry(2)]) == nil)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(log.entries() == [Self.entry(2)])
        #expect((try FileManager.default.attributesOfItem(atPath: log.path + ".corrupt")[.size] as? Int).map { $0 > 2 << 30 } == true)
    }

    @Test
    func theFileIsPrivate0600InAPrivateDirectory0700() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileConversionLog(stateDirectory: directory.path + "/state/fx")
        log.append([Self.entry(1)])
        let file = try FileManager.default.attributesOfItem(atPath: log.path)
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path + "/state/fx")
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
    }

    @Test
    func pastItsByteCapTheOldestEntriesAreDroppedToThreeQuartersOfIt() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let line = Self.entry(1).jsonLine.utf8.count + 1  // entries 1 to 9 are one size
        let log = FileConversionLog(stateDirectory: directory.path, capacity: 100, byteCapacity: 6 * line + line / 2)
        for n in 1...6 { log.append([Self.entry(n)]) }
        #expect(Self.lineCount(log.path) == 6)  // within the cap
        log.append([Self.entry(7)])  // past it: cut to what fits in three quarters (4.875 lines)
        #expect(log.entries() == (4...7).map { Self.entry($0) })
        let size = try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int
        #expect(size == 4 * line)
        log.append([Self.entry(8)])  // and logging goes on
        #expect(log.entries() == (4...8).map { Self.entry($0) })
    }

    @Test
    func pastCapacityPlusATenthTheFileIsCutBackToTheNewestEntries() {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileConversionLog(stateDirectory: directory.path, capacity: 10)
        for n in 1...11 { log.append([Self.entry(n)]) }
        #expect(Self.lineCount(log.path) == 11)  // within the slack: no rewrite yet
        #expect(log.entries() == (2...11).map { Self.entry($0) })
        log.append([Self.entry(12)])
        #expect(Self.lineCount(log.path) == 10)
        #expect(log.entries() == (3...12).map { Self.entry($0) })
        let leftovers = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(leftovers ?? []) == ["log.jsonl", "log.jsonl.lock"])
    }

    @Test
    func theLockFileKeepsTheLineCountAndALogChangedBehindItsBackIsCountedAfresh() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileConversionLog(stateDirectory: directory.path, capacity: 10)
        func kept() -> FileConversionLog.Tally? {
            try? GuardedFile(path: log.path, lockPath: log.path + ".lock").withLock { FileConversionLog.Tally(note: $0.note()) }
        }
        func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? -1 }
        for n in 1...5 { log.append([Self.entry(n)]) }
        #expect(kept() == FileConversionLog.Tally(lines: 5, size: size()))
        // Lines added by hand: the size no longer matches, so the next append counts them.
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        handle.seekToEndOfFile()
        handle.write(Data(String(repeating: "{}\n", count: 6).utf8))
        handle.closeFile()
        log.append([Self.entry(6)])
        // 12 lines passed capacity plus a tenth: the rewrite keeps the entries that decode.
        #expect(Self.lineCount(log.path) == 6)
        #expect(kept() == FileConversionLog.Tally(lines: 6, size: size()))
        #expect(log.entries() == (1...6).map { Self.entry($0) })
        // A log removed under it starts again from one line.
        try FileManager.default.removeItem(atPath: log.path)
        log.append([Self.entry(7)])
        #expect(kept() == FileConversionLog.Tally(lines: 1, size: size()))
    }

    @Test
    func garbageAndAHalfWrittenLastLineAreSkippedAndTheNextAppendIsNotSwallowed() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileConversionLog(stateDirectory: directory.path)
        log.append([Self.entry(1)])
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        handle.seekToEndOfFile()
        handle.write(Data("not json\n\u{1B}[31m\n{\"line\":\"2 usd\"}\n{\"asOf\":\"2026-10-30\",\"li".utf8))
        handle.closeFile()
        #expect(log.entries() == [Self.entry(1)])
        #expect(log.append([Self.entry(3)]) == nil)
        #expect(log.entries() == [Self.entry(1), Self.entry(3)])
    }

    @Test
    func aDirectoryThatCannotBeMadeGivesOneWarningNoCrash() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A regular file where a directory should be fails even for root, unlike chmod.
        _ = FileManager.default.createFile(atPath: directory.path + "/blocker", contents: Data())
        let log = FileConversionLog(stateDirectory: directory.path + "/blocker/fx")
        let warning = try #require(log.append([Self.entry(1)]))
        #expect(warning.hasPrefix("could not keep the conversion log: cannot create directory \(directory.path)/blocker/fx: "))
        #expect(!warning.contains("\n"))
        #expect(log.entries() == [])
    }

    @Test
    func anUnwritableLogFileGivesAWarningNamingIt() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileConversionLog(stateDirectory: directory.path)
        try FileManager.default.createDirectory(atPath: log.path, withIntermediateDirectories: false)
        let warning = try #require(log.append([Self.entry(1)]))
        #expect(warning.hasPrefix("could not keep the conversion log: cannot open \(log.path): "))
    }

    @Test
    func twoAppendersAtOnceLoseNoLine() {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            // Separate instances, as two fx processes would have.
            let log = FileConversionLog(stateDirectory: path)
            for n in 0..<150 { log.append([Self.entry(worker * 1000 + n), Self.entry(worker * 1000 + n)]) }
        }
        let entries = FileConversionLog(stateDirectory: path).entries()
        #expect(entries.count == 600)
        #expect(Set(entries.map(\.line)).count == 300)
    }

    @Test
    func twoAppendersAtOnceWhileTheFileIsBeingCutBackLoseNoLine() {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let log = FileConversionLog(stateDirectory: path, capacity: 10)
            for n in 0..<200 { log.append([Self.entry(worker * 1000 + n)]) }
        }
        // Under the lock the length goes the same way whatever the interleaving: +1, and 12 → 10.
        var expected = 0
        for _ in 0..<400 { expected = expected == 11 ? 10 : expected + 1 }
        #expect(Self.lineCount(path + "/log.jsonl") == expected)
        let lines = FileConversionLog(stateDirectory: path, capacity: 100).entries().map(\.line)
        #expect(lines.count == expected && Set(lines).count == expected)
    }

    @Test
    func theStandardPlaceIsXDGSTATEHOMEFxElseLocalStateFx() {
        #expect(FileConversionLog.standard(environment: ["XDG_STATE_HOME": "/s/", "HOME": "/h"]).path == "/s/fx/log.jsonl")
        #expect(
            FileConversionLog.standard(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/state/fx/log.jsonl")
        #expect(FileConversionLog.standard(environment: ["HOME": "/h"]).capacity == 1_000)
    }
}

/// What a session puts in the log: answered conversions and rate lookups, as typed.
@Suite("Conversion log from the session")
struct ConversionLogSessionTests {
    let clock = FixedClock(ShellHarness.now)
    let out = StringOutput()
    let err = StringOutput()

    func session(_ log: any ConversionLog, json: Bool = false) -> Session {
        let service = RateService(sources: [FixedTableSource()], store: MemoryRateStore([]), clock: clock, usage: MemoryUsageStore())
        return Session(
            parser: Parser(), executor: Executor(service: service, clock: clock, options: Executor.Options()),
            clock: clock,
            presentation: Session.Presentation(json: json, style: Style(color: false), forPerson: false),
            out: out, err: err, log: log)
    }

    static let day = Day(year: 2026, month: 10, day: 30)!

    func entry(_ line: String, _ result: String, _ rate: String?) -> ConversionLogEntry {
        ConversionLogEntry(time: ShellHarness.now, line: line, result: result, rate: rate, source: .ecb, asOf: Self.day)
    }

    @Test
    func aConversionIsKeptPerTargetTrailingBlanksTrimmedWithTheExactRate() async {
        let log = MemoryConversionLog()
        let shell = session(log)
        #expect(await shell.run("convert 100 usd to eur jpy \t ") == .ok)
        #expect(
            log.entries() == [
                entry("convert 100 usd to eur jpy", "89.51 EUR", "0.895094880057"),
                entry("convert 100 usd to eur jpy", "15,725 JPY", "157.250268528"),
            ])
        #expect(out.text == "100.00 USD = 89.51 EUR\n100.00 USD = 15,725 JPY\n")
        #expect(err.text == "")
    }

    @Test
    func aLeadingSpaceKeepsTheLineOutOfTheLog() async {
        let log = MemoryConversionLog()
        #expect(await session(log).run(" 100 usd eur") == .ok)
        #expect(log.entries() == [])
    }

    @Test
    func aRateLookupIsKeptPerPairAWholeTableAsOneLineWithoutARate() async {
        let log = MemoryConversionLog()
        let shell = session(log)
        _ = await shell.run("rate usd jpy gbp")
        _ = await shell.run("rate eur")
        #expect(
            log.entries() == [
                entry("rate usd jpy gbp", "1 USD = 157.25 JPY", "157.250268528"),
                entry("rate usd jpy gbp", "1 USD = 0.74633 GBP", "0.746330110992"),
                entry("rate eur", "1 EUR = 3 rates", nil),
            ])
    }

    @Test
    func failuresHelpAndTheLikeAreNotKeptJSONModeKeepsAnswersToo() async {
        let log = MemoryConversionLog()
        let shell = session(log, json: true)
        _ = await shell.run("100 usd eux")
        _ = await shell.run("help")
        _ = await shell.run("")
        _ = await shell.run("100 usd eur")
        #expect(log.entries() == [entry("100 usd eur", "89.51 EUR", "0.895094880057")])
    }

    @Test
    func aLogThatCannotBeWrittenWarnsOnceAndTheAnswersStand() async {
        let shell = session(MemoryConversionLog(failure: "could not keep the conversion log: disk full"))
        #expect(await shell.run("100 usd eur") == .ok)
        #expect(await shell.run("100 usd jpy") == .ok)
        #expect(out.text == "100.00 USD = 89.51 EUR\n100.00 USD = 15,725 JPY\n")
        #expect(err.text == "warning: could not keep the conversion log: disk full\n")
    }
}
