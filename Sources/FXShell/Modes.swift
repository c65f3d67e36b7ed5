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
                guard let general = next else { continue }
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
        while true {
            promptOutput?.write("fx> ")
            promptOutput?.flush()
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
