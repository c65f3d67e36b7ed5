import FXCommands
import ArgumentParser

extension NameSpecification {
    /// The long name of the option `GlobalOption.all` names `name`.
    static func global(_ name: OptionName) -> NameSpecification {
        .customLong(GlobalOption.named(name).name)
    }
}

extension ArgumentHelp {
    /// The help `GlobalOption.all` gives the option named `name`, hidden when it has none.
    static func global(_ name: OptionName) -> ArgumentHelp {
        let option = GlobalOption.named(name)
        guard let help = option.help else { return .hidden }
        return ArgumentHelp(help, valueName: option.valueName)
    }
}

extension FXCommand {
    /// What ArgumentParser read, as the quick reader would have written it.
    var invocation: Invocation {
        var invocation = Invocation()
        for option in GlobalOption.all {
            switch option.kind {
            case .flag(let set, let parsed): set(&invocation, parsed(self))
            case .value(let set, let parsed, _, _, _): set(&invocation, parsed(self))
            case .answeredByArgumentParser: break
            }
        }
        invocation.commandWords = commandWords
        return invocation
    }
}
