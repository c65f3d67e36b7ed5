import FXCommands
import FXRates
import FXAnswers
import FXRender
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Every example `help` shows runs end to end through a session, on the real ECB rates built
/// into fx, and succeeds: the help text cannot promise a line that fails.
@Suite struct HelpExamplesRunTests {
    static let examples =
        CommandTree().commands.flatMap(\.examples).filter {
            !$0.hasPrefix("csv ") && !snapshotExamples.contains($0) && !watchExamples.contains($0)
        }
        + HelpTopic.all.flatMap(\.examples)
    /// `snapshot` and `use` examples name a saved snapshot: they run in `snapshotExampleRuns`, where one is saved.
    static let snapshotExamples = CommandSpec.snapshot.examples + CommandSpec.use.examples
    /// `watch` examples run until a key: they run in `watchExampleRuns`, on a terminal that presses one.
    static let watchExamples = CommandSpec.watch.examples
    /// `csv` examples name files: they run in `csvExampleRuns`, with the files they name.
    static let csvExamples = CommandSpec.csv.examples

    /// The built-in ECB table served as a live source.
    struct BuiltInSource: RateSource {
        let id = SourceID.ecb
        let name = "European Central Bank"
        func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
            .fetched(BuiltInRates.ecb.latest, Validators())
        }
        func nextPublication(after day: Day) -> Date {
            CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16)
        }
    }

    /// The real history since 1999, as a complete cache checked just after the 2026-10-30 publication.
    static let history = CachedHistory(
        source: .ecb, history: try! ECBHistoryCSV.history(ecbFullHistoryCSV), complete: true,
        fetchedAt: ISO8601DateFormatter().date(from: "2026-10-30T16:30:00Z")!)

    /// A history source that must not be asked: the cache is current.
    struct UnaskedHistory: HistorySource {
        let id = SourceID.ecb
        let name = "European Central Bank"
        func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory { throw .noRates }
        func nextPublication(after day: Day) -> Date { BuiltInSource().nextPublication(after: day) }
    }

    @Test(arguments: examples)
    func exampleRuns(example: String) async {
        await run(example)
    }

    /// The files the `csv` examples name, as a bank would write them.
    static let csvFiles = [
        "statement.csv": "Date,Description,Amount,Currency\n2024-03-01,Hotel,120.00,USD\n2024-03-02,Taxi,\"1,050.00\",JPY\n",
        "konto.csv": "Datum;Text;Betrag\n01.03.2024;Miete;-1.234,50\n04.03.2024;Gehalt;2.000,00\n",
        "kontoauszug.csv": "Datum;Betrag;Währung\n01.03.2024;-1.234,50;USD\n04.03.2024;2.000,00;GBP\n",
    ]

    @Test(arguments: csvExamples)
    func csvExampleRuns(example: String) async throws {
        let directory = makeTemporaryDirectory("fx-help-csv")
        defer { try? FileManager.default.removeItem(at: directory) }
        var line = example
        for (name, text) in Self.csvFiles {
            let path = directory.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            line = line.replacingOccurrences(of: " \(name) ", with: " \(path) ")
        }
        #expect(line != example, "\(example) names no file of csvFiles")
        await run(line)
    }

    @Test(arguments: snapshotExamples)
    func snapshotExampleRuns(example: String) async throws {
        let directory = makeTemporaryDirectory("fx-help-snapshots")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = FixedClock(ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!)
        let cache = MemoryRateStore()
        try cache.save(CachedRates(source: .ecb, table: BuiltInRates.ecb.latest, fetchedAt: clock.now()))
        let library = SnapshotLibrary(
            store: SnapshotStore(directory: directory.path), latest: cache, history: MemoryHistoryStore([Self.history]),
            historySources: [.ecb]
        ) { snapshot in
            .answering(
                from: snapshot, sources: [BuiltInSource()], historySources: [UnaskedHistory()], history: MemoryHistoryStore([Self.history]))
        }
        // The snapshot the examples name, saved as `snapshot save q3-close` saves it.
        let saver = Executor(
            service: RateService(sources: [], store: cache, clock: clock, usage: MemoryUsageStore()), clock: clock, snapshots: library)
        _ = try await saver.execute(.snapshot(.save("q3-close")))
        await run(example, store: cache, snapshots: library)
    }

    /// Each `watch` example draws its board on a terminal where a key is pressed after two
    /// simulated minutes (or ends sooner, by `--until`).
    @Test(arguments: watchExamples)
    func watchExampleRuns(example: String) async {
        let clock = FixedClock(ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!)
        let screen = FakeWatchScreen(clock: clock, leaveAfter: 120)
        await run(example, clock: clock, watch: WatchSetup(screen: { screen }), printed: false)
        #expect(screen.frames.contains { $0.lines.count > 2 }, "\(example) drew no board")
    }

    private func run(
        _ example: String, store: MemoryRateStore = MemoryRateStore(), snapshots: SnapshotLibrary? = nil,
        clock: FixedClock = FixedClock(ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!), watch: WatchSetup = WatchSetup(),
        printed: Bool = true
    ) async {
        let service = RateService(sources: [BuiltInSource()], store: store, clock: clock, usage: MemoryUsageStore())
        let history = HistoryService(sources: [UnaskedHistory()], store: MemoryHistoryStore([Self.history]), clock: clock)
        let out = StringOutput(), err = StringOutput()
        let configDirectory = makeTemporaryDirectory("fx-help-config")
        defer { try? FileManager.default.removeItem(at: configDirectory) }
        let executor = Executor(
            service: service, history: history,
            config: ConfigEditor(path: configDirectory.appendingPathComponent("config.json").path), clock: clock, snapshots: snapshots)
        let session = Session(
            parser: Parser(), executor: executor, clock: clock,
            presentation: Session.Presentation(json: false, style: Style(color: false), forPerson: false),
            out: out, err: err, watch: watch)
        let result = await session.run(example)
        #expect(result == (example == "quit" ? .quit : .ok), "\(example): \(err.text)")
        if example != "quit", printed { #expect(!out.text.isEmpty, "\(example) printed nothing") }
        // A note (another day answered the date asked, what a date in words meant, a name read as
        // its default) is no warning.
        #expect(!err.text.split(separator: "\n").contains { !$0.hasPrefix("note: ") }, "\(example) warned")
    }
}
