import CEditLine
import CLibEdit
import FXCommands
import FXAnswers
import FXRates
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `fx>` prompt on a terminal: libedit for editing, history and TAB; everything it shows
/// comes from the pure `Completer`. Lines typed here are saved to the input history on exit,
/// merged with what other sessions saved meanwhile.
public final class EditLineReader: LineSource {
    /// Whether stdin and stdout are a terminal that can edit (not `TERM=dumb`).
    public static func canEdit(environment: [String: String]) -> Bool {
        isatty(0) == 1 && isatty(1) == 1 && environment["TERM"] != "dumb"
    }

    let editLine: OpaquePointer
    private let history: OpaquePointer
    /// Asked at each TAB: the session's variables change as it goes.
    private let completer: @Sendable () -> Completer
    private let historyFile: InputHistory
    private var sessionLines: [String] = []
    /// What Ctrl-R searches, oldest first: the file's lines when the prompt opened, then this session's.
    var searchable: [String] = []
    /// The prompt, as `fx_el_set_prompt` takes it; Ctrl-R shows its own meanwhile.
    let prompt: (text: String, literal: Bool)
    /// The line and cursor of the previous TAB: a second TAB with nothing new lists candidates.
    private var lastTab: (line: String, cursor: Int)?
    /// stdout, the session's: what the reader prints goes where answers go, and a failed write
    /// ends the prompt as a failed answer does.
    private let output: any TextOutput

    /// nil when libedit cannot set up an editor on this terminal (the prompt then reads plain lines).
    public init?(
        completer: @escaping @Sendable () -> Completer, history historyFile: InputHistory, color: Bool, output: any TextOutput
    ) {
        fx_setup_locale()
        guard let editLine = fx_el_init("fx") else { return nil }
        fx_guard_terminal()
        // Before el_gets: libedit remembers the handlers it finds there and calls them on a signal.
        fx_install_interrupt_handler()
        self.completer = completer
        self.output = output
        self.historyFile = historyFile
        self.editLine = editLine
        history = fx_history_init(Int32(InputHistory.capacity))
        // As typed, one per line (a missing file is fine); libedit's own format would escape spaces as \040.
        searchable = historyFile.load()
        for line in searchable { fx_history_enter(history, line) }
        fx_el_set_history(editLine, history)
        fx_el_set_editor(editLine, "emacs")
        fx_el_set_signal(editLine, 1)
        fx_el_use_interruptible_reader(editLine)
        // Colour escapes are bracketed by \u{1} so libedit's cursor arithmetic skips them.
        prompt = color ? ("\u{1}\u{1B}[1;36m\u{1}fx>\u{1}\u{1B}[0m\u{1} ", true) : ("fx> ", false)
        fx_el_set_prompt(editLine, prompt.text, prompt.literal ? 1 : 0)
        // ~/.editrc first, so a user's `bind -v` does not drop fx's own bindings.
        fx_el_source(editLine)
        fx_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        fx_el_add_function(
            editLine, "fx-complete", "Complete the word under the cursor",
            { editLine, _ in
                guard let editLine, let data = fx_el_client_data(editLine) else { return UInt8(CC_ERROR) }
                return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().complete()
            })
        fx_el_bind(editLine, "^I", "fx-complete")
        fx_el_add_function(
            editLine, "fx-search", "Search the history backwards as you type",
            { editLine, _ in
                guard let editLine, let data = fx_el_client_data(editLine) else { return UInt8(CC_ERROR) }
                return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().search()
            })
        for (key, function) in Self.bindings { fx_el_bind(editLine, key, function) }
    }

    /// Keys libedit leaves unbound by default.
    private static let bindings: [(String, String)] = [
        ("\\e[1~", "ed-move-to-beg"), ("\\e[H", "ed-move-to-beg"), ("\\eOH", "ed-move-to-beg"),
        ("\\e[4~", "ed-move-to-end"), ("\\e[F", "ed-move-to-end"), ("\\eOF", "ed-move-to-end"),
        ("\\e[3~", "ed-delete-next-char"),
        ("\\e[1;5C", "em-next-word"), ("\\e[1;5D", "ed-prev-word"),
        ("\\e[5C", "em-next-word"), ("\\e[5D", "ed-prev-word"),
        // fx's own, which says what it does: libedit's shows `bck:`.
        ("^R", "fx-search"),
    ]

    /// Whether Ctrl-C was pressed while a command ran (each press is reported once).
    public static func takeInterrupt() -> Bool { fx_take_interrupt() != 0 }

    public func nextLine() -> String? {
        while fx_termination_requested() == 0 && output.failure == nil {
            var count: Int32 = 0
            guard let raw = fx_el_gets(editLine, &count) else {
                // Ctrl-C interrupts the read (EINTR): drop the line and prompt again. Ctrl-D: end.
                if count == -1, fx_errno() == EINTR, fx_termination_requested() == 0 {
                    show("\n")
                    continue
                }
                // Ctrl-D leaves the cursor after `fx> `: end the line, so the shell's prompt starts its own.
                if count == 0 { show("\n") }
                return nil
            }
            var line = String(cString: raw)
            if line.hasSuffix("\n") { line.removeLast() }
            if let entry = InputHistory.entry(for: line) {
                fx_history_enter(history, entry)
                sessionLines.append(entry)
                searchable.append(entry)
            }
            lastTab = nil
            return line
        }
        return nil
    }

    /// Saves this session's lines after those other sessions saved meanwhile, atomically; says
    /// why when they could not be saved.
    public func close() -> String? {
        defer {
            fx_el_end(editLine)
            fx_history_end(history)
            fx_restore_terminal()
        }
        guard !sessionLines.isEmpty else { return nil }
        // Under the lock, read again and merged, so two sessions ending together both keep their
        // lines; replaced as every state file is (GuardedFile), the lines as typed.
        let file = GuardedFile(path: historyFile.path, lockPath: historyFile.path + ".lock")
        do {
            try file.withLock { locked throws(POSIXFailure) in
                let text = InputHistory.text(earlier: historyFile.load(), session: sessionLines)
                try locked.replace(with: Data(text.utf8))
            }
            return nil
        } catch {
            return "this session's lines were not saved to the history: " + error.reason
        }
    }

    /// TAB: complete a unique candidate, else insert the common prefix, else (a second TAB) list.
    private func complete() -> UInt8 {
        guard let info = fx_el_line(editLine)?.pointee, let buffer = info.buffer else { return UInt8(CC_ERROR) }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: info.lastchar - buffer)
        let line = String(decoding: bytes, as: UTF8.self)
        let cursorBytes = UnsafeRawBufferPointer(start: buffer, count: info.cursor - buffer)
        let cursor = String(decoding: cursorBytes, as: UTF8.self).count
        let completion = completer().complete(line: line, cursor: cursor)
        defer { lastTab = (line, cursor) }
        guard !completion.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }

        var insertion = completion.commonPrefix
        // A word completed mid-line may already have its space after it.
        let following = UnsafeRawBufferPointer(start: info.cursor, count: info.lastchar - info.cursor).first
        // A directory (`~/Downloads/`) is completed into, not past.
        if completion.candidates.count == 1, following != UInt8(ascii: " "), !insertion.hasSuffix("/") { insertion += " " }
        if insertion.count > completion.partial.count || (completion.candidates.count == 1 && insertion != completion.partial) {
            fx_el_deletestr(editLine, Int32(completion.partial.count))
            fx_el_insertstr(editLine, insertion)
            return UInt8(CC_REFRESH)
        }
        guard let last = lastTab, last.line == line, last.cursor == cursor else { return UInt8(CC_REFRESH_BEEP) }
        let lines = CompletionListing.lines(
            completion.candidates, width: Int(fx_terminal_columns()),
            maxRows: max(4, Int(fx_terminal_rows()) - 4))
        show("\n" + lines.joined(separator: "\n") + "\n")
        return UInt8(CC_REDISPLAY)
    }

    /// Out now, before libedit draws over it.
    func show(_ text: String) {
        output.write(text)
        output.flush()
    }
}
