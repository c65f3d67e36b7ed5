import FXCommands
import FXEngine
import FXRender

extension Settings {
    /// One rule a config defines: every field read on its own, so that a wrong one is named.
    struct RuleEntry {
        var source: Lenient<String>?
        var day: Lenient<String>?
        var period: Lenient<String>?
        var places: Lenient<Int>?
        var home: Lenient<String>?
        var quoted: Lenient<String>?
        var institution: Lenient<String>?
        /// Every field the entry holds, to say those fx does not read.
        var fields: Dictionary<String, JSONTree>.Keys

        /// The fields a rule may hold.
        static let known = ["source", "day", "period", "places", "home", "quoted", "institution"]

        init(_ fields: [String: JSONTree]) {
            self.fields = fields.keys
            source = Lenient(fields["source"], \.string)
            day = Lenient(fields["day"], \.string)
            period = Lenient(fields["period"], \.string)
            places = Lenient(fields["places"], \.wholeNumber)
            home = Lenient(fields["home"], \.string)
            quoted = Lenient(fields["quoted"], \.string)
            institution = Lenient(fields["institution"], \.string)
        }
    }

    /// `rules.NAME = {source, day, period, …}`: each valid rule joins the book; a bad one is one
    /// warning naming its field (`ignoring rules.my-rule in …: rules.my-rule.day: give one of …`).
    mutating func readRules(_ config: ConfigFile, knownSources: [SourceID]) {
        guard
            let entries = field(
                config.rules, "rules",
                expected: "an object of rules, such as {\"my-rule\": {\"source\": \"nbp\", \"day\": \"previous-business-day\"}}")
        else { return }
        // The institutions' ids are known to the shipped rules even where no such source is registered.
        let sources = knownSources + RuleBook.shipped.compactMap(\.source).filter { !knownSources.contains($0) }
        var defined: [Rule] = []
        for name in entries.keys.sorted() {
            let shown = Messages.printable(name)
            guard case .value(let entry) = entries[name] else {
                warnings.append("ignoring rules.\(shown) in \(shownPath): give an object with source and day")
                continue
            }
            warnUnknownFields(entry.fields, known: RuleEntry.known, of: "rules.\(shown)")
            var definition = RuleDefinition()
            var wrongType: String?
            func text(_ value: Lenient<String>?, _ key: String) -> String? {
                if case .wrongType? = value { wrongType = wrongType ?? key }
                if case .value(let text)? = value { return text }
                return nil
            }
            definition.source = text(entry.source, "source")
            definition.day = text(entry.day, "day")
            definition.period = text(entry.period, "period")
            definition.home = text(entry.home, "home")
            definition.quoted = text(entry.quoted, "quoted")
            definition.institution = text(entry.institution, "institution")
            switch entry.places {
            case .value(let places)?: definition.places = places
            case .wrongType?: wrongType = wrongType ?? "places"
            case nil: break
            }
            do throws(RuleDefinition.Problem) {
                if let wrongType {
                    throw RuleDefinition.Problem(
                        rule: name, field: wrongType, expected: RuleDefinition.expected(wrongType, sources: sources))
                }
                defined.append(try definition.rule(named: name, sources: sources))
            } catch {
                warnings.append("ignoring rules.\(shown) in \(shownPath): \(Messages.printable(error.text))")
            }
        }
        preferences.rules = RuleBook(adding: defined)
    }
}
