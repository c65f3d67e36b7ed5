import ArgumentParser
import Foundation
@testable import FXCLI
import FXCommands
import Testing

/// `GlobalOption.all` is the one list of fx's options: ArgumentParser, the quick reader, the
/// manual and the shell scripts must all say what it says.
@Suite struct GlobalOptionTests {
    /// The part of ArgumentParser's `--experimental-dump-help` JSON (ToolInfo, version 0) that names options.
    private struct ToolInfo: Decodable {
        struct Command: Decodable { let arguments: [Argument] }
        struct Argument: Decodable {
            struct Name: Decodable {
                let kind: String
                let name: String
            }
            let kind: String
            let names: [Name]?
            let valueName: String?
            let abstract: String?
            let shouldDisplay: Bool
        }
        let command: Command
    }

    /// The visible options as ArgumentParser declares them, spelled as the manual spells them.
    static func declared() throws -> [ManualOption] {
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(FXCommand._dumpHelp().utf8))
        return info.command.arguments.compactMap { argument in
            guard argument.shouldDisplay, argument.kind != "positional", let names = argument.names, !names.isEmpty else { return nil }
            let spelled = names.map { name in (name.kind == "long" ? "--" : "-") + name.name }.joined(separator: ", ")
            return ManualOption(names: spelled, value: argument.kind == "option" ? argument.valueName : nil, help: argument.abstract ?? "")
        }
    }

    @Test func argumentParserDeclaresWhatTheTableSays() throws {
        let byName = { (options: [ManualOption]) in options.sorted { $0.names < $1.names } }
        #expect(byName(try Self.declared()) == byName(ManualOption.all()))
    }

    @Test func hiddenOptionsAreHiddenFromHelpButRead() throws {
        for option in GlobalOption.all where option.isHidden {
            #expect(!FXCommand.helpMessage().contains(option.spelling), "\(option.name)")
            #expect(throws: Never.self) { try FXCommand.parse([option.spelling]) }
        }
    }

    @Test func everyFlagReadsQuicklyAsArgumentParserReadsIt() throws {
        for option in GlobalOption.all where option.isFlag && !option.isHidden {
            let line = ["convert", "100", "usd", "eur", option.spelling]
            let quick = try #require(CommandLineReader.quick(line), "\(option.name)")
            #expect(quick == (try FXCommand.parse(line)).invocation, "\(option.name)")
            #expect(quick != CommandLineReader.quick(Array(line.dropLast())), "\(option.name) sets nothing")
        }
    }

    @Test func aValueWithAProblemIsLeftToArgumentParserWhichSaysIt() {
        for line in [["--max-age", "soon"], ["--rule", "near/est"]] {
            #expect(CommandLineReader.quick(line) == nil)
            guard case .optionError(let message, _) = CommandLineReader.read(line) else {
                Issue.record("expected an option error for \(line)")
                continue
            }
            #expect(message.contains("\(line[0]) '\(line[1])'"), "\(message)")
        }
    }

    @Test func theShellWordsOfCompletionLoseFxsOwnOptions() {
        let line = FXCommand.commandLine(fromShellWords: ["--offline", "--source", "ecb", "history", "usd", "--json", "eur", "--ledger"])
        #expect(line == "history usd eur --ledger")
    }

    /// The word being completed stays, `--` too (it completed to the last currency, JPY), with an
    /// option whose value it is; before a command word, fx's own options complete.
    @Test func theWordCompletedStaysEvenAnOption() {
        #expect(FXCommand.commandLine(fromShellWords: ["history", "usd", "jpy", "--"]) == "history usd jpy --")
        #expect(FXCommand.commandLine(fromShellWords: ["--offline", "--source", ""]) == "--source ")
        #expect(FXCommand.runOptions(completingShellWords: ["--of"]) == ["--offline"])
        #expect(FXCommand.runOptions(completingShellWords: ["--json", "--s"]) == ["--source", "--snapshot"])
        #expect(FXCommand.runOptions(completingShellWords: ["history", "--s"]) == nil)
        #expect(FXCommand.runOptions(completingShellWords: ["100"]) == nil)
    }

    /// Every option is declared once, in `OptionName` (which a line at the prompt reads too): the
    /// table has an entry for each, in its order, and the manual, the shells' TAB and
    /// fish's script list each one shown.
    @Test func everyOptionNameIsInTheTableTheManualAndEveryScript() {
        #expect(GlobalOption.all.map(\.option) == OptionName.allCases)
        let shown = GlobalOption.all.filter { !$0.isHidden }
        #expect(ManualOption.all(GlobalOption.all).map(\.names).filter { $0.hasPrefix("--") }.count >= shown.count - 1)
        // bash and zsh ask fx for options too (`runOptions`, the line's completer); fish lists them with their briefs.
        let fish = CompletionScript.render(.fish)
        for option in shown {
            #expect(fish.contains("-l \(option.name) "), "\(option.name)")
            #expect(FXCommand.runOptions(completingShellWords: ["--"])?.contains(option.spelling) == true)
        }
        #expect(CompletionScript.render(.fish).contains("complete -c fx -l rule -r -f -a '"))
    }

    @Test(arguments: CompletionScript.Shell.allCases)
    func generateCompletionScriptPrintsTheScript(shell: CompletionScript.Shell) {
        let script = CompletionScript.render(shell)
        let expected = CommandLineOutcome.exit(status: 0, message: String(script.dropLast()), toStandardError: false)
        #expect(CommandLineReader.read(["--generate-completion-script", shell.rawValue]) == expected)
        #expect(CommandLineReader.read(["--generate-completion-script=\(shell.rawValue)"]) == expected)
        #expect(script.contains("fx --complete --") && script.hasSuffix("\n"))
    }

    @Test func anUnknownOrMissingShellIsAnOptionError() {
        for (line, json) in [(["--generate-completion-script", "tcsh"], false), (["--json", "--generate-completion-script"], true)] {
            guard case .optionError(let message, let wantsJSON) = CommandLineReader.read(line) else {
                Issue.record("expected an option error for \(line)")
                continue
            }
            #expect(wantsJSON == json && message.contains("bash, zsh, fish"), "\(message)")
        }
    }
}
