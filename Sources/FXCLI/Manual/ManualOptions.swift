/// fx's argv options as `GlobalOption.all` declares them, as `--help` lists them too, hidden ones left out.
struct ManualOption: Equatable {
    /// `--max-age`, or `-h, --help`.
    let names: String
    /// The value an option takes (`duration`), nil for a flag.
    let value: String?
    let help: String

    static func all(_ options: [GlobalOption] = GlobalOption.all) -> [ManualOption] {
        options.compactMap { option in
            guard let help = option.help else { return nil }
            var names = option.spelling
            if case .answeredByArgumentParser(let short?) = option.kind { names = "-\(short), " + names }
            return ManualOption(names: names, value: option.valueName, help: help)
        }
    }
}
