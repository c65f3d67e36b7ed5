import FXCommands
import FXRender
import Testing

/// What an error tells the user to type exists: each command's own example, a full command name
/// rather than an alias, and `help` topics that `help` answers.
@Suite struct MessagesPointAtRealThingsTests {
    private func message(_ line: String) -> String? {
        do {
            _ = try Parser().parse(line)
            return nil
        } catch {
            return Messages.text(for: error)
        }
    }

    @Test(arguments: [
        ("rate", "Missing currency after 'rate'. Example: rate usd jpy"),
        ("rate usd to", "Missing target currency after 'to'. Example: rate usd jpy"),
        ("history usd", "Missing target currency after 'usd'. Example: history usd jpy"),
        ("history usd jpy from", "Missing date after 'from'. Example: history eur chf from 2015-01-01 to 2015-02-28"),
        ("sources order", "Missing source after 'order'. Example: sources order ecb"),
        ("sources enable", "Missing source after 'enable'. Example: sources enable ecb"),
        ("sources disable", "Missing source after 'disable'. Example: sources disable ecb"),
        ("sources compare", "Missing currency after 'compare'. Example: sources compare usd jpy"),
        ("sources compare usd", "Missing target currency after 'usd'. Example: sources compare usd jpy"),
        ("convert", "Missing amount after 'convert'. Example: convert 100 usd eur"),
        ("c 100 usd in", "Missing target currency after 'in'. Example: convert 100 usd eur"),
        ("convert 100 usd eur on", "Missing date after 'on'. Example: convert 100 usd eur on 2013-03-21"),
        ("rate usd jpy on", "Missing date after 'on'. Example: rate usd jpy on 2020-03-13"),
        ("100 usd to", "Missing target currency after 'to'. Example: convert 100 usd eur"),
        ("€ usd", "Missing amount. Example: 100 usd eur"),
    ])
    func aMissingWordShowsTheExampleOfItsOwnCommand(line: String, text: String) {
        #expect(message(line) == text)
    }

    /// `con` was answered with the alias `conv`. (`on 2013-03-21 100 usd eur` is now a dated calculation.)
    @Test(arguments: [("con", "convert"), ("conf", "convert"), ("rat", "rate"), ("hst", "history"), ("exi", "quit")])
    func suggestionsNameTheCommandNotAnAlias(word: String, command: String) {
        #expect(CommandTree().suggestion(for: word) == command)
        #expect(message(word + " 100") == "Unknown command '\(word)'. Did you mean '\(command)'?")
    }

    @Test
    func noSuggestionIsEverAnAlias() {
        let tree = CommandTree()
        let aliases = Set(tree.commands.flatMap(\.aliases))
        for word in [
            "c", "co", "con", "conv", "cnv", "r", "ra", "rats", "hist", "his", "src", "sorce", "ex", "exi", "q", "qu", "?", "on", "at",
        ] {
            if let suggestion = tree.suggestion(for: word) { #expect(!aliases.contains(suggestion), "\(word) → \(suggestion)") }
            if let suggestion = usageSuggestion("help " + word + "x") { #expect(!aliases.contains(suggestion), "help \(word)x") }
        }
    }

    private func usageSuggestion(_ line: String) -> String? {
        do {
            _ = try Parser().parse(line)
        } catch {
            if case .unknownHelpTopic(_, let suggestion) = error.kind { return suggestion }
        }
        return nil
    }

    /// One wrong word after every command (and its aliases) and after a date: each "Type 'help X'" must name a topic `help` answers.
    @Test
    func everyHelpTopicAMessageNamesExists() throws {
        var lines = ["100 usd eur on 2013-03-21 gbp", "rate usd jpy on today gbp", "100 usd eur on last friday x", "help convert now"]
        for spec in CommandTree().commands {
            for name in spec.names {
                lines += [name + " bogus bogus bogus bogus", name + " usd jpy 1y 2y", name + " --pdf"]
            }
        }
        var topics: Set<String> = []
        for line in lines {
            guard let text = message(line), let range = text.range(of: "Type 'help ") else { continue }
            topics.insert(String(text[range.upperBound...].prefix { $0 != "'" }))
        }
        #expect(topics.contains("on"))
        let tree = CommandTree()
        for topic in topics where topic != "<command>" {
            let parsed = try Parser().parse("help " + topic)
            guard case .help(let name)? = parsed else {
                Issue.record("help \(topic) is no help")
                continue
            }
            #expect(HelpText.text(for: name, tree: tree) != HelpText.overview(tree), "help \(topic) answers with the overview")
        }
    }

    @Test
    func helpOnAndHelpDatesExplainDates() throws {
        let tree = CommandTree()
        for word in ["on", "dates", "date", "DATES"] {
            #expect(try Parser().parse("help " + word) == .help(topic: "dates"))
        }
        #expect(try Parser().parse("help numbers") == .help(topic: "numbers"))
        let text = HelpText.text(for: "dates", tree: tree)
        for form in ["2013/03/21", "21.03.2013", "6m ago", "last friday", "end of march 2024"] { #expect(text.contains(form)) }
        #expect(HelpText.text(for: "numbers", tree: tree).contains("number_format"))
        #expect(HelpText.overview(tree).contains("  dates "))
        #expect(HelpText.text(for: "convert", tree: tree) == HelpText.command(.convert))
        #expect(HelpText.text(for: nil, tree: tree) == HelpText.overview(tree))
    }
}
