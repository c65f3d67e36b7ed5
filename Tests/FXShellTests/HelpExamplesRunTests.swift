import FXCommands
import FXRates
import FXRender
import FXShell
import Foundation
import Testing

/// Every example `help` shows runs end to end through a session, on the real ECB rates built
/// into fx, and succeeds: the help text cannot promise a line that fails.
@Suite struct HelpExamplesRunTests {
    static let examples = CommandTree().commands.flatMap(\.examples)

    /// The built-in ECB table served as a live source.
    struct BuiltInSource: RateSource {
        let id = SourceID.ecb
        let name = "European Central Bank"
        func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
            .fetched(BuiltInRates.ecb.latest, Validators())
        }
        func nextPublication(after day: Day) -> Date { CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16) }
    }

    @Test(arguments: examples)
    func exampleRuns(example: String) async {
        let clock = FixedClock(ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!)
        let service = RateService(sources: [BuiltInSource()], store: MemoryRateStore(), clock: clock)
        let out = StringOutput(), err = StringOutput()
        let session = Session(parser: Parser(), executor: Executor(service: service, clock: clock), service: service, clock: clock,
                              presentation: Session.Presentation(json: false, style: Style(color: false), forPerson: false),
                              out: out, err: err)
        let result = await session.run(example)
        #expect(result == (example == "quit" ? .quit : .ok), "\(example): \(err.text)")
        if example != "quit" { #expect(!out.text.isEmpty, "\(example) printed nothing") }
    }
}
