import FXRates

/// The SOURCES section of fx.1, one entry per source of the registry, in its words: a new source
/// appears here by being registered.
enum ManualSources {
    static func section(_ registry: SourceRegistry, _ page: inout Roff) {
        page.request(".SH", "SOURCES")
        page.text(
            """
            fx asks its sources in this order unless sources order says otherwise, and a source that fails
            hands the question to the next. Each is named by its id in --source, sources and the config.
            """)
        for about in registry.descriptions {
            page.request(".TP")
            page.raw(Roff.bold(about.id.rawValue) + " \\(em " + Roff.escape(about.name))
            page.text(text(about))
        }
    }

    /// "Rates against EUR: latest, a date or a range; daily at …. Asked by default. FX_ECB_URL points it elsewhere."
    static func text(_ about: SourceDescription) -> String {
        let base = if case .perSeries(let series) = about.quoting { "each \(series)'s own base" } else { about.quoting.text }
        var sentences = ["Rates against \(base): \(about.capabilities.summary)."]
        let needs = about.requires.map { requirement in
            switch requirement {
            case .key: "its key (\(about.keyVariable ?? "api_key in the config"))"
            case .option: "its \(about.option?.name ?? "setting")"
            }
        }
        let asked: String
        if !about.onByDefault {
            asked = "Asked once the config enables it."
        } else if needs.isEmpty {
            asked = "Asked by default."
        } else {
            asked = "Asked once \(needs.joined(separator: " and ")) \(needs.count == 1 ? "is" : "are") set."
        }
        sentences.append(asked)
        if let quota = about.monthlyQuota { sentences.append("At most \(quota) requests a month unless the config sets quota.") }
        if let option = about.option { sentences.append("Its config entry takes \(option.name): \(option.meaning)") }
        sentences.append("\(about.urlVariable) points it elsewhere.")
        return sentences.joined(separator: " ")
    }
}
