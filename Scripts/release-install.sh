#!/bin/sh
# Installs fx from this release archive into a prefix, default ~/.local:
#
#   ./install.sh [PREFIX]
#
# Copies bin/fx, libexec/fx/fx-fetch (fx's network helper, which fx finds there), the man page,
# the bash, zsh and fish completions, and LICENSE, NOTICE and README.md into PREFIX/share/doc/fx.
# Nothing is written through a symbolic link that leads out of the prefix: such a directory on
# the way, or a link where a file goes, is refused before anything is copied. (Scripts/install
# in a clone of fx also keeps a manifest for --uninstall; to remove this install, delete the
# files it names.)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${1:-$HOME/.local}
case $prefix in
    /*) ;;
    *) prefix=$PWD/$prefix ;;
esac
fail() { echo "install.sh: $*" >&2; exit 1; }
[ $# -le 1 ] || fail "usage: ./install.sh [PREFIX]"

files="bin/fx libexec/fx/fx-fetch share/man/man1/fx.1 share/bash-completion/completions/fx
share/zsh/site-functions/_fx share/fish/vendor_completions.d/fx.fish"
docs="LICENSE NOTICE README.md LGPL-2.1"

mkdir -p -- "$prefix"
real_prefix=$(realpath -- "$prefix")
# Every directory on the way to a file, and the file itself, checked before anything is copied.
check() { # a path relative to the prefix
    path=$prefix
    rest=$1
    while [ -n "$rest" ]; do
        path=$path/${rest%%/*}
        case $rest in */*) rest=${rest#*/} ;; *) rest="" ;; esac
        if [ -L "$path" ] && [ -z "$rest" ]; then
            fail "refused: $path is a symbolic link; nothing was installed"
        fi
        [ -e "$path" ] || return 0
        case $(realpath -- "$path") in
            "$real_prefix" | "$real_prefix"/*) ;;
            *) fail "refused: $path leads out of $prefix ($(realpath -- "$path")); nothing was installed" ;;
        esac
    done
}
for file in $files; do check "$file"; done
for doc in $docs; do check "share/doc/fx/$doc"; done

put() { # source mode destination
    mkdir -p -- "$(dirname "$prefix/$3")"
    cp -- "$here/$1" "$prefix/$3.new"
    chmod "$2" "$prefix/$3.new"
    mv -f -- "$prefix/$3.new" "$prefix/$3"
    echo "  $prefix/$3"
}
echo "install.sh: installing fx into $prefix:" >&2
{
    for file in $files; do
        case $file in bin/* | libexec/*) put "$file" 755 "$file" ;; *) put "$file" 644 "$file" ;; esac
    done
    for doc in $docs; do put "$doc" 644 "share/doc/fx/$doc"; done
} >&2
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "install.sh: $prefix/bin is not on your PATH; add it to run fx" >&2 ;;
esac
echo "install.sh: $("$prefix/bin/fx" --version | head -n 1); man fx" >&2
