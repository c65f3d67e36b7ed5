import ArgumentParser

extension NameSpecification {
    /// The long name `GlobalOption.all` gives the option that sets `field`.
    static func global(_ field: PartialKeyPath<Invocation>) -> NameSpecification {
        .customLong(GlobalOption.setting(field).name)
    }
}

extension ArgumentHelp {
    /// The help `GlobalOption.all` gives the option that sets `field`, hidden when it has none.
    static func global(_ field: PartialKeyPath<Invocation>) -> ArgumentHelp {
        let option = GlobalOption.setting(field)
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
            case .flag(let field, let parsed): invocation[keyPath: field] = self[keyPath: parsed]
            case .value(let field, let parsed, _, _, _): invocation[keyPath: field] = self[keyPath: parsed]
            case .answeredByArgumentParser: break
            }
        }
        invocation.commandWords = commandWords
        return invocation
    }
}
