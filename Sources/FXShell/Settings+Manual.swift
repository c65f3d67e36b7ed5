import FXRates

/// The files and environment variables fx reads, described for the manual page beside the code
/// that reads them; a test checks that every variable `Settings` reads is described.
extension Settings {
    public static let manualFiles: [(term: String, meaning: String)] = [
        (
            "$XDG_CACHE_HOME/fx/",
            """
            The cache (default ~/.cache/fx): latest.json, the latest rates of each source; history-<id>.txt, a source's history;
            usage.json, requests per source and month and any wait a server asked for; each with a .lock file beside it.
            A damaged file is set aside as <name>.corrupt, and fx answers anyway.
            """
        ),
        (
            "$XDG_CONFIG_HOME/fx/config.json",
            """
            The config (default ~/.config/fx/config.json), written by sources enable, disable and order, or by hand:
            {"order": ["ecb", "boc"], "timeout": 15, "sources": {"oxr": {"app_id": "...", "quota": 1000}, "boc": {"enabled": false}}}.
            "watch_every": 30 sets the seconds between a watch board's refreshes when --every does not.
            A key in it should be readable by its owner alone (chmod 600); fx warns otherwise.
            """
        ),
        ("$XDG_STATE_HOME/fx/history", "The prompt's input history (default ~/.local/state/fx/history): the last 1,000 lines."),
        (
            "$XDG_STATE_HOME/fx/log.jsonl",
            """
            Your conversions and rate lookups from the prompt and one-shot runs, which history without currencies lists:
            the newest 1,000 within 1 MiB (past 1,100 or 1 MiB the oldest are dropped). set log off stops it.
            """
        ),
    ]

    /// Every variable fx reads: `FX_<ID>_URL` for each of `sources`, and every key variable of the registry.
    public static func manualEnvironment(
        sources: [SourceID], registry: SourceRegistry = .standard
    ) -> [(term: String, meaning: String)] {
        var entries: [(term: String, meaning: String)] = [
            (
                "FX_TIMEOUT",
                "Seconds any request may take, a full history's download too, above 0 and at most 600 (default 15; config timeout)."
            )
        ]
        let described = sources.compactMap { registry[$0] }
        for about in described {
            entries.append(
                (
                    about.urlVariable,
                    "The base URL of the \(about.id) source, instead of \(about.defaultURL.absoluteString) "
                        + "(http or https; plain http only on loopback)."
                ))
        }
        for about in registry.descriptions {
            guard let variable = about.keyVariable else { continue }
            entries.append((variable, "The API key of the \(about.id) source (or in the config). It is never printed, logged or cached."))
        }
        entries += [
            ("XDG_CACHE_HOME", "The cache is its fx directory (default ~/.cache)."),
            ("XDG_CONFIG_HOME", "The config is fx/config.json in it (default ~/.config)."),
            ("XDG_STATE_HOME", "The input history and the conversion log are in its fx directory (default ~/.local/state)."),
            ("HOME", "The home directory the defaults above start from."),
            ("NO_COLOR", "When set and not empty, no colour (as --no-color)."),
            ("TERM", "dumb means no colour and no line editing."),
            ("COLUMNS", "The width of charts, tables and TAB listings when the terminal does not say."),
        ]
        return entries
    }
}
