# bash completion for fx. It asks fx itself (fx --complete), so the shell and the fx> prompt
# always offer the same words. Install: source this file from ~/.bashrc, or copy it to
# ~/.local/share/bash-completion/completions/fx
# Written by `fx --generate-completion-script bash` from Sources/FXCLI/GlobalOptions.swift:
# change that, not this file, and write it again.
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
