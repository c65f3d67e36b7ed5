#!/usr/bin/env bash
# Installs the system libraries fx needs on Debian/Ubuntu, only those that are missing.
# fx's network helper fx-fetch uses libcurl, libxml2 and zlib through their own C APIs; the release
# build links the Swift libraries statically, which needs their development packages; fx
# links libedit into itself, with the static libraries libedit needs (libtinfo from ncurses,
# libbsd, libmd); the ECB's zipped history is inflated with zlib; pkg-config finds libxml2's headers.
#
# Everything it says, and apt-get's own output, goes to stderr: stdout is the answer of
# `Scripts/fx convert 100 usd eur > out.txt`. It never runs sudo unasked: as root it installs what
# is missing; otherwise, at a terminal, it asks before running sudo apt-get, and elsewhere it
# prints the one apt-get line needed and stops.
set -euo pipefail

packages=(libcurl4 libcurl4-openssl-dev libxml2 libxml2-dev libedit-dev libncurses-dev libbsd-dev libmd-dev zlib1g-dev pkg-config)
# The tests drive the prompt in a real pseudo-terminal (tmux) and exercise the bash completion;
# Scripts/test also runs the generators' check and the benchmark's smoke run (Python 3), and
# counts a one-shot answer's instructions (valgrind); Scripts/test-install renders and lints the
# man page (man-db, mandoc), loads the installed completion as bash-completion does, and builds
# the Debian package (dpkg-dev: dpkg-shlibdeps for its Depends); the price-file tests have the
# accounting tools read fx's files back (hledger, ledger, beancount's bean-check and bean-report);
# the completion tests run the zsh and fish scripts in those shells.
[ "${1:-}" = "--test" ] && packages+=(tmux bash python3 valgrind man-db mandoc bash-completion dpkg-dev hledger ledger beancount zsh fish units qalc)

if ! command -v swift >/dev/null 2>&1; then
    echo "bootstrap: Swift 6 is not installed; see https://www.swift.org/install/linux/" >&2
    exit 1
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for package in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
fi

[ ${#missing[@]} -eq 0 ] && exit 0
line="sudo apt-get install -y ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if [ -t 0 ] && [ -t 2 ]; then
        printf 'bootstrap: fx needs these Debian packages: %s\nRun "%s" now? [y/N] ' "${missing[*]}" "$line" >&2
        read -r answer || answer=""
        case "$answer" in
            [yY] | [yY][eE][sS]) sudo=(sudo) ;;
            *) echo "bootstrap: nothing installed; run this, then again what you ran:"$'\n'"  $line" >&2; exit 1 ;;
        esac
    else
        echo "bootstrap: fx needs these Debian packages; install them, then run this again:"$'\n'"  $line" >&2
        exit 1
    fi
fi
echo "bootstrap: installing ${missing[*]}" >&2
{
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
} >&2
