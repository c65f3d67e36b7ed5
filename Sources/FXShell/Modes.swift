#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FXRender

/// The three ways fx runs one grammar: arguments, a script on stdin, or a prompt.
public enum Modes {
    /// `fx convert 100 usd eur`: the words are the line; the exit status is the line's.
    public static func oneShot(_ words: [String], session: Session) async -> Int32 {
        let result = await session.run(words.joined(by: " "))
        session.out.flush()
        session.err.flush()
        if case .failed(let status) = result { return status }
        return 0
    }

    /// `fx < file`: one command per line, no prompt; errors name their line and processing goes
    /// on unless `failFast`. The exit status is that of the first failed line.
    public static func script(_ lines: some LineSource, session: Session, failFast: Bool) async -> Int32 {
        var status: Int32 = 0
        var number = 0
        let bytes = lines as? any ByteLineSource
        // Output that can no longer be written: read no more lines, run no more commands.
        if session.outputFailed { return status }
        while true {
            let line: String
            if let quickLane = session.quickLane, let bytes {
                // The fast lane answers what it has learned; the rest becomes a String for the general path.
                guard
                    let next = bytes.withNextLine({
                        bytes.lastLineTooLong || !quickLane.answer($0, to: session.out) ? String(decoding: $0, as: UTF8.self) : nil
                    })
                else { break }
                number += 1
                guard let general = next else {
                    // The lane's lines change nothing but stdout, so asking every 1,024 of them
                    // stops them soon enough; asked at every line, it cost 3-5% of a line's CPU
                    // (task-clock of 1 M lane lines: 170-173 ms before, 176-180 ms after).
                    if number & 1023 == 0, session.outputFailed { break }
                    continue
                }
                line = general
            } else {
                guard let next = lines.nextLine() else { break }
                number += 1
                line = next
            }
            // The answers so far, then this line's, are out before anything else runs: none waits
            // on a later line (a slow fetch, a pipe's next line) or is lost if fx dies. The quick
            // lane's answers wait in the buffer only until the next read of input or general line.
            session.out.flush()
            let result =
                lines.lastLineTooLong
                ? session.refuseTooLongLine(number: number)
                : await session.run(line, number: number)
            session.out.flush()
            if case .quit = result { break }
            if case .failed(let lineStatus) = result {
                if status == 0 { status = lineStatus }
                if failFast { break }
            }
            if session.outputFailed { break }
        }
        session.out.flush()
        session.err.flush()
        return status
    }

    /// A plain `fx> ` prompt (no line editing): errors keep the loop going; end of input or
    /// `quit` leaves with status 0.
    /// `promptOutput` prints `fx> ` for plain readers; libedit draws its own prompt (pass nil).
    /// `interrupted` reports a Ctrl-C pressed while a command runs; the command is then cancelled
    /// (a fetch in flight gives up and older rates answer) and the prompt returns.
    public static func prompt(
        _ lines: some LineSource, session: Session, promptOutput: (any TextOutput)?,
        interrupted: (@Sendable () -> Bool)? = nil
    ) async -> Int32 {
        // A prompt whose answers cannot be shown is left, as a script is (see `settle`).
        while !session.outputFailed {
            promptOutput?.write("fx> ")
            promptOutput?.flush()
            if promptOutput?.failure != nil { break }
            guard let line = lines.nextLine() else {
                promptOutput?.write("\n")
                break
            }
            let result = await run(line, session: session, interrupted: interrupted)
            session.out.flush()
            session.err.flush()
            if case .quit = result { break }
        }
        promptOutput?.flush()
        return 0
    }

    /// The status fx ends with once its output is flushed: a write to stdout or stderr that
    /// failed makes it 1, said in one line on stderr if stderr still takes it. A closed pipe is
    /// said nowhere (its reader has gone, as `head`'s does): Unix tools end quietly then.
    public static func settle(_ status: Int32, out: any TextOutput, err: any TextOutput) -> Int32 {
        out.flush()
        err.flush()
        guard let failure = out.failure ?? err.failure else { return status }
        if err.failure == nil, failure.code != EPIPE {
            // On a file, what was written ends on a whole line (FileDescriptorOutput): say how much stands.
            let kept = (out.failure != nil ? out.wholeLines : nil).map(Messages.wholeLinesKept) ?? ""
            err.write("fx: " + failure.reason + kept + "\n")
            err.flush()
        }
        return 1
    }

    /// Runs one line, cancelling it when `interrupted` says so (checked every 50 ms).
    private static func run(_ line: String, session: Session, interrupted: (@Sendable () -> Bool)?) async -> Session.LineResult {
        guard let interrupted else { return await session.run(line) }
        let work = Task { await session.run(line) }
        let watcher = Task {
            while !Task.isCancelled {
                if interrupted() {
                    work.cancel()
                    return
                }
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        let result = await work.value
        watcher.cancel()
        return result
    }
}
