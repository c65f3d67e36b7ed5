/// The three ways fx runs one grammar: arguments, a script on stdin, or a prompt.
public enum Modes {
    /// `fx convert 100 usd eur`: the words are the line; the exit status is the line's.
    public static func oneShot(_ words: [String], session: Session) async -> Int32 {
        let result = await session.run(words.joined(separator: " "))
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
        while let line = lines.nextLine() {
            number += 1
            let result = await session.run(line, number: number)
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
    public static func prompt(_ lines: some LineSource, session: Session, promptOutput: (any TextOutput)?) async -> Int32 {
        while true {
            promptOutput?.write("fx> ")
            promptOutput?.flush()
            guard let line = lines.nextLine() else {
                promptOutput?.write("\n")
                break
            }
            let result = await session.run(line)
            session.out.flush()
            session.err.flush()
            if case .quit = result { break }
        }
        promptOutput?.flush()
        return 0
    }
}
