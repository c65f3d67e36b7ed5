import FXAnswers
import FXCommands
import FXRates
import FXRender

/// `set`, `settings` and `vars`.
extension Executor {
    func set(_ setting: Setting) throws(Failure) -> Outcome {
        // The top-level key and value the file keeps; nil for an alias, kept as one entry of `aliases`.
        let key: String?, value: JSONTree?, said: String
        switch setting {
        case .home(let code):
            (key, value) = ("home", code.map { .string($0.rawValue) })
            said = code.map { "home currency now \($0)" } ?? "no home currency now"
        case .targets(let codes):
            (key, value) = ("targets", codes.isEmpty ? nil : .array(codes.map { .string($0.rawValue) }))
            said = codes.isEmpty ? "no saved targets now" : "targets now \(codes.map(\.rawValue).joined(separator: " "))"
        case .numberFormat(let format):
            (key, value) = ("number_format", .string(format.rawValue))
            said = "number format now \(format.rawValue)"
        case .rule(let rule):
            try knownRule(rule)
            (key, value) = ("rule", rule == .onOrBefore ? nil : .string(rule.rawValue))
            said =
                "dated questions now answered by the rule \(rule.rawValue)"
                + (options.rule.map { $0 != rule ? " (this run's --rule \($0.rawValue) still applies)" : "" } ?? "")
        case .explain(let on):
            (key, value) = ("explain", on ? .bool(true) : nil)
            said = on ? "conversions now explained on stderr" : "conversions no longer explained"
        case .log(let on):
            (key, value) = ("log", on ? nil : .bool(false))
            said = on ? "conversions now kept in the log that history lists" : "conversions no longer logged (those logged stay)"
        case .dateOrder(let order):
            (key, value) = ("date_order", order == .ask ? nil : .string(order.rawValue))
            said = order == .ask ? "slash dates that read both ways now refused with a question" : "slash dates now read \(order.rawValue)"
        case .alias(let name, let code):
            (key, value) = (nil, nil)
            let shown = Messages.printable(name)
            if let code {
                let meant = catalog[code].map { " (\($0.name))" } ?? ""
                let before = workspace.preferences.aliases[name].map { $0 != code ? ", was \($0)" : "" } ?? ""
                said = "\(shown) now means \(code)\(meant)\(before)"
            } else {
                said = workspace.preferences.aliases[name] == nil ? "no alias \(shown) now" : "alias \(shown) removed"
            }
        }
        // The session changes at once; the file keeps it for the next run.
        workspace.update { preferences in
            switch setting {
            case .home(let code): preferences.home = code
            case .targets(let codes): preferences.targets = codes
            case .numberFormat(let format): preferences.numberFormat = format
            case .rule(let rule): preferences.rule = rule
            case .explain(let on): preferences.explain = on
            case .log(let on): preferences.log = on
            case .dateOrder(let order): preferences.dateOrder = order
            case .alias(let name, let code): preferences.aliases[name] = code
            }
        }
        guard let config else { return .configured(said + " for this session (this fx has no configuration file)") }
        do {
            if let key {
                try config.setPreference(key, value)
            } else if case .alias(let name, let code) = setting {
                try config.setAlias(name, code)
            }
        } catch {
            throw .rates(.configUnwritable(error.reason))
        }
        return .configured(said + "; kept in " + Messages.printable(config.path))
    }

    func settingsListing() -> Listing {
        let preferences = workspace.preferences
        return Listing(
            title: "settings",
            rows: [
                ("home", preferences.home?.rawValue),
                ("targets", preferences.targets.isEmpty ? nil : preferences.targets.map(\.rawValue).joined(separator: " ")),
                ("number_format", preferences.numberFormat.rawValue),
                ("rule", preferences.rule.rawValue),
                ("explain", preferences.explain ? "on" : "off"),
                ("log", preferences.log ? "on" : "off"),
                ("date_order", preferences.dateOrder.rawValue),
                (
                    "aliases",
                    preferences.aliases.isEmpty
                        ? nil
                        : preferences.aliases.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
                            .joined(separator: ", ")
                ),
            ])
    }

    func variablesListing() -> Listing {
        Listing(title: "variables", rows: workspace.variables().map { ($0.name, $0.value.shown(catalog: catalog)) })
    }
}

extension Value {
    /// As `vars` lists it.
    func shown(catalog: CurrencyCatalog) -> String {
        switch self {
        case .number(let number): DecimalFormat.plain(number, grouping: true)
        case .percent(let share): DecimalFormat.plain(share) + "%"
        case .money(let money): Echo.money(money, catalog: catalog)
        }
    }
}
