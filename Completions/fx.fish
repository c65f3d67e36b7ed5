# fish completion for fx. It asks fx itself (fx --complete), so the shell and the fx> prompt
# always offer the same words. Install: copy to ~/.config/fish/completions/fx.fish
# Written by `fx --generate-completion-script fish` from Sources/FXCLI/GlobalOptions.swift:
# change that, not this file, and write it again.
function __fx_complete
    command fx --complete -- (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null
end
complete -c fx -f -a '(__fx_complete)'
complete -c fx -l json -d 'One JSON object per command'
complete -c fx -l offline -d 'Never touch the network'
complete -c fx -l max-age -r -d 'Exit 3 when rates are older than this'
complete -c fx -l source -r -d 'Ask only this source'
complete -c fx -l rule -r -f -a 'on-or-before previous-business-day ecb uk-hmrc-monthly uk-hmrc-yearly pl-nbp us-treasury ca-boc ca-boc-yearly' -d 'Which publication answers a dated question'
complete -c fx -l snapshot -r -f -a '(command fx --complete -- use snapshot "" 2>/dev/null)' -d 'Answer from this saved snapshot only'
complete -c fx -l explain -d 'Show how each answer was derived'
complete -c fx -l no-color -d 'No colour'
complete -c fx -l fail-fast -d 'In a script, stop at the first failure'
complete -c fx -l help -d 'Show help'
complete -c fx -l version -d 'Show the version'
