import FXBuildInfo
import FXCommands
import FXRates

/// fx.1, the manual page, written from what fx is made of: the command tree that drives `help`
/// (each command's synopsis, discussion and examples), the argv options ArgumentParser declares,
/// the sources of the registry, and the files and environment variables the caller passes
/// (FXShell's `Settings` knows them).
/// `fx --generate-man` prints it; `Documentation/fx.1` is its output, kept in step by a test.
public enum ManualPage {
    /// A term and what it means, for FILES and ENVIRONMENT.
    public struct Entry: Sendable {
        public let term: String
        public let meaning: String
        public init(_ term: String, _ meaning: String) {
            self.term = term
            self.meaning = meaning
        }
    }

    public static func render(
        tree: CommandTree = CommandTree(), sources: SourceRegistry = .standard, files: [Entry], environment: [Entry]
    ) -> String {
        var page = Roff()
        // Dated by the built-in rates, not the clock, so that the same fx always writes the same page.
        page.raw(".TH FX 1 \(BuiltInRates.ecb.latest.date) \"fx \(BuildInfo.version)\" \"User Commands\"")
        page.request(".SH", "NAME")
        page.raw("fx \\- " + Roff.escape("exchange rates and currency conversion, exact to the cent, online or off"))
        synopsis(&page)
        description(&page)
        commands(tree, &page)
        ManualProse.grammar(&page)
        ManualProse.datesAndRanges(&page)
        options(&page)
        ManualSources.section(sources, &page)
        entries("FILES", files, &page)
        entries("ENVIRONMENT", environment, &page)
        ManualProse.exitStatus(&page)
        ManualProse.examples(&page)
        return page.source
    }

    private static func synopsis(_ page: inout Roff) {
        page.request(".SH", "SYNOPSIS")
        page.raw(Roff.bold("fx") + " [" + Roff.italic("options") + "] " + Roff.italic("command") + " [" + Roff.italic("word") + " ...]")
        page.request(".br")
        page.raw(Roff.bold("fx") + " [" + Roff.italic("options") + "] < " + Roff.italic("file"))
        page.request(".br")
        page.raw(Roff.bold("fx") + " [" + Roff.italic("options") + "]")
    }

    private static func description(_ page: inout Roff) {
        page.request(".SH", "DESCRIPTION")
        page.text(
            """
            fx converts amounts between currencies and shows exchange rates, now or on a past day, exact to the cent:
            amounts and rates are exact decimals, and a result is rounded once, to the target currency's minor unit.
            Every answer says where its rates come from and how old they are.
            It reads the European Central Bank's reference rates by default, keeps them in a small cache,
            and asks again only when a newer publication can exist; without a network it answers from the cache,
            or from ECB rates compiled into fx, and says so.
            """)
        page.request(".PP")
        page.text("fx runs in three modes, with one grammar:")
        page.request(".TP")
        page.raw(Roff.bold("one-shot"))
        page.text("fx 100 usd eur: the words after the options are one command; the exit status is its result.")
        page.request(".TP")
        page.raw(Roff.bold("script"))
        page.text(
            """
            fx < file, or a pipe: one command per line, no prompt and no colour; blank lines and lines starting with # are skipped;
            an error is reported as fx: line N: on standard error and the next line is read (unless --fail-fast);
            the exit status is that of the first line that failed.
            """)
        page.request(".TP")
        page.raw(Roff.bold("prompt"))
        page.text(
            """
            fx alone on a terminal: the fx> prompt, with line editing, history (Ctrl-R searches it) and TAB completion
            of commands, currencies, keywords and source ids. An error keeps the session going;
            quit, exit or Ctrl-D leave, Ctrl-C clears the line or cancels the command running.
            """)
        page.request(".PP")
        page.text(
            """
            The network is reached only through fx-fetch, fx's helper, which fx runs from PREFIX/libexec/fx/fx-fetch when
            fx is PREFIX/bin/fx (/usr/libexec/fx/fx-fetch for /usr/bin/fx), or else from fx's own directory.
            """)
    }

    private static func commands(_ tree: CommandTree, _ page: inout Roff) {
        page.request(".SH", "COMMANDS")
        page.text("A command is the same words in every mode; a line that starts with an amount converts, without the word convert.")
        for spec in tree.commands {
            page.request(".SS", spec.name)
            page.raw(Roff.bold(spec.synopsis))
            page.request(".PP")
            page.text(spec.summary + ".")
            page.text(spec.discussion)
            if !spec.aliases.isEmpty {
                page.request(".PP")
                page.raw("Also: " + spec.aliases.map(Roff.bold).joined(separator: ", ") + ".")
            }
            page.request(".PP")
            page.text("Examples:")
            page.literal(spec.examples)
        }
    }

    private static func options(_ page: inout Roff) {
        page.request(".SH", "OPTIONS")
        page.text("Options come before, after or among the command's words; -- ends them.")
        for option in ManualOption.all() {
            page.request(".TP")
            page.raw(Roff.bold(option.names) + (option.value.map { " " + Roff.italic($0) } ?? ""))
            page.text(option.help)
        }
    }

    private static func entries(_ title: String, _ entries: [Entry], _ page: inout Roff) {
        page.request(".SH", title)
        for entry in entries {
            page.request(".TP")
            page.raw(Roff.bold(entry.term))
            page.text(entry.meaning)
        }
    }
}
