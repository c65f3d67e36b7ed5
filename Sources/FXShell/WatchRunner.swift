import FXCommands
import FXRates
import FXAnswers
import FXRender

/// Where a board goes: the terminal, or lines for a script. The runner decides when to ask;
/// the display shows what it got and waits.
protocol WatchDisplay {
    /// After a refresh; `refreshed` are the rows asked this time, `pace` the intervals in use.
    func show(_ rows: [WatchRow], refreshed: [Int], pace: String, notes: [String], now: Date) async
    /// Until `deadline`, unless the person leaves first.
    func wait(until deadline: Date) async -> WatchEvent
}

/// Runs a board: asks for each pair when it is due, shows the answers, waits for the next one
/// due; ends on a key or Ctrl-C, after `--count` refreshes, or once `--until` holds.
struct WatchRunner {
    enum Ending: Equatable {
        case left(WatchEvent)
        case counted
        case held(ConditionVerdict)
        case failed(Failure)
    }

    /// Held closes read for each row's sparkline.
    static let sparkDays = 20

    let request: WatchRequest
    let executor: Executor
    let clock: any WallClock
    let pace: WatchPace

    /// How the board ended and, when no refresh priced any pair, the last problem met
    /// (`BTC/USD: …`): the watch then exits as a failed question does.
    func run(_ display: some WatchDisplay) async -> (ending: Ending, nothingPriced: String?) {
        var priced = false, problem: String?
        let ending = await run(display) { row in
            if let said = row.problem { problem = "\(row.name): " + said } else { priced = true }
        }
        return (ending, priced ? nil : problem)
    }

    /// The board's loop; `answered` sees each row refreshed.
    private func run(_ display: some WatchDisplay, answered: (WatchRow) -> Void) async -> Ending {
        var rows = request.pairs.map(WatchRow.init)
        var held: [[RatePoint]] = []
        for pair in request.pairs {
            // What the history file holds, read once: the board's refreshes never fetch history.
            let points = await executor.heldPoints(pair.base, pair.quote, last: Self.sparkDays)
            held.append(points)
        }
        for index in rows.indices { rows[index].closes = held[index].map(\.approximation) }
        var due = Array(repeating: Date.distantPast, count: rows.count)
        var intervals = Array(repeating: request.every ?? 60, count: rows.count)
        var rounds = 0
        while true {
            let now = clock.now()
            var refreshed: [Int] = []
            for index in rows.indices where due[index] <= now {
                refreshed.append(index)
                let pair = request.pairs[index]
                do throws(Failure) {
                    let quote = try await executor.latestQuote(pair.base, pair.quote)
                    rows[index].quote = quote
                    rows[index].problem = nil
                    rows[index].previous = quote.previous?.rate ?? held[index].last { $0.day < quote.provenance.date }?.rate
                    intervals[index] = pace.interval(for: quote.provenances.map(\.source), asked: request.every)
                } catch {
                    rows[index].problem = error.message
                }
                answered(rows[index])
                // From the start of the round: a slow answer does not push the next one later.
                due[index] = now + intervals[index]
            }
            var verdict: ConditionVerdict?
            if !refreshed.isEmpty {
                rounds += 1
                if let condition = request.until {
                    do throws(Failure) {
                        verdict = ConditionVerdict(
                            condition: condition, quote: try await executor.latestQuote(condition.base, condition.quote))
                    } catch {
                        return .failed(error)
                    }
                }
            }
            let notes = await executor.takeDiagnostics().map { Messages.text(for: $0, now: now) }
            await display.show(rows, refreshed: refreshed, pace: WatchPace.describe(intervals), notes: notes, now: clock.now())
            if let verdict, verdict.holds { return .held(verdict) }
            if let count = request.count, rounds >= count { return .counted }
            let event = await display.wait(until: due.min() ?? now + 60)
            guard event == .timeout else { return .left(event) }
        }
    }
}
