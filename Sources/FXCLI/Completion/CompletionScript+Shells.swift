/// Each shell's script: every word from `fx --complete`, options too; fish also lists the table's options with their briefs.
extension CompletionScript {
    static func bash(_ options: [GlobalOption]) -> String {
        header(.bash, install: "source this file from ~/.bashrc, or copy it to\n# ~/.local/share/bash-completion/completions/fx")
            + #"""

            _fx() {
                # fx's options too come from fx: a line's, a command's own (history's price-file flags),
                # and before the command those for a whole run.
                local IFS=$'\n'
                COMPREPLY=($(command fx --complete -- "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
                # A directory (~/Downloads/) is completed into, not past.
                [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
                return 0
            }
            complete -o nosort -F _fx fx 2>/dev/null || complete -F _fx fx

            """#
    }

    static func zsh(_ options: [GlobalOption]) -> String {
        // zsh reads `#compdef` only on the first line.
        let opening =
            "#compdef fx\n"
            + header(.zsh, install: "copy to a directory in $fpath (e.g. ~/.zfunc, with\n# fpath+=~/.zfunc before compinit in ~/.zshrc).")
        return opening
            + #"""

            local -a candidates
            candidates=(${(f)"$(command fx --complete -- "${(@)words[2,CURRENT]}" 2>/dev/null)"})
            # fx has already matched the typed prefix, ignoring case: -U keeps zsh from filtering again.
            # Directories (~/Downloads/) take no space after them, so the next TAB goes into them.
            local -a directories
            directories=(${(M)candidates:#*/})
            candidates=(${candidates:#*/})
            compadd -U -Q -S '' -a directories
            compadd -U -Q -a candidates

            """#
    }

    static func fish(_ options: [GlobalOption]) -> String {
        let lines = options.map { option in
            "complete -c fx -l \(option.name)" + fishValue(option) + " -d " + fishQuoted(option.brief)
        }
        return header(.fish, install: "copy to ~/.config/fish/completions/fx.fish")
            + #"""

            function __fx_complete
                command fx --complete -- (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null
            end
            complete -c fx -f -a '(__fx_complete)'

            """# + lines.joined(separator: "\n") + "\n"
    }

    /// What fish offers after an option that takes a value: `-r` marks the value as required.
    private static func fishValue(_ option: GlobalOption) -> String {
        guard case .value(_, _, _, let completion, _) = option.kind else { return "" }
        switch completion {
        case .none: return " -r"
        case .words(let words): return " -r -f -a " + fishQuoted(words.joined(separator: " "))
        case .askFx(let after): return " -r -f -a " + fishQuoted("(command fx --complete -- \(after) \"\" 2>/dev/null)")
        }
    }

    /// `text` in fish's single quotes, where only `\` and `'` are special.
    private static func fishQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}
