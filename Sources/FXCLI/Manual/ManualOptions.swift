import ArgumentParser
import FXCommands

/// fx's argv options as ArgumentParser declares them (its `--experimental-dump-help` JSON), so
/// the manual lists exactly the options `--help` lists, hidden ones left out.
struct ManualOption: Equatable {
    /// `--max-age`, or `-h, --help`.
    let names: String
    /// The value an option takes (`duration`), nil for a flag.
    let value: String?
    let help: String

    static func all() -> [ManualOption] {
        guard let info = try? JSONDecoder().decode(ToolInfo.self, from: Data(FXCommand._dumpHelp().utf8)) else { return [] }
        return info.command.arguments.compactMap { argument in
            guard argument.shouldDisplay, argument.kind != "positional", let names = argument.names, !names.isEmpty else { return nil }
            let spelled = names.map { name in (name.kind == "long" ? "--" : "-") + name.name }.joined(separator: ", ")
            return ManualOption(names: spelled, value: argument.kind == "option" ? argument.valueName : nil, help: argument.abstract ?? "")
        }
    }

    /// The part of ArgumentParser's ToolInfo (serialisation version 0) the manual reads.
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
}
