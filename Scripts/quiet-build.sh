# Sourced by Scripts/fx, Scripts/install and Scripts/package-deb: builds the release as users get
# it, quietly. A build that succeeds shows its progress on one line (at a terminal, rewritten in
# place and erased at the end), a line before a first build, and, when it compiled anything, one
# line saying so at the end; an up-to-date build prints nothing. A build that fails prints its
# whole log. Whatever a log holds beyond the known lines below is printed too, so that a new
# warning is seen. Scripts/test-quiet-build tests this on a recorded first build
# (Scripts/first-build.log); Scripts/test checks that an up-to-date Scripts/fx prints nothing.

# The lines of a successful build that say nothing new, read from stdin; prints the others.
# Known and understood:
# - progress ("[12/26] Compiling …", "Building for production...", "Build of product … complete!")
#   and SwiftPM fetching and resolving the dependencies;
# - glibc's note that mktemp is dangerous, printed when fx-fetch is linked (by the system's
#   linker), for FoundationEssentials' own temporary files (fx's sources call no mktemp:
#   FXPlatform's AtomicFile names its own, and libedit's shim mkstemp). The static fx is linked by
#   lld (Package.swift), which prints none of glibc's link-time notes; a note from the system's
#   linker about a function in a static program (`Using 'getpwuid_r' in statically linked
#   applications…`) is therefore new, and shown;
# - ZIPFoundation's PrivacyInfo.xcprivacy, an Apple privacy manifest its package declares as a
#   resource only for Apple platforms, so SwiftPM on Linux calls it unhandled (a file in the
#   dependency's checkout, which fx cannot declare);
# - SwiftPM waiting for another build of the same directory, a line it ends with no newline, so
#   that the next line follows it on the same line (its start is taken off).
build_log_unknown() {
    sed -E "s/^Another instance of SwiftPM \(PID: [0-9]+\) is already running using '[^']*', waiting until that process has finished execution\.\.\.//" |
        grep -Ev -e '^$' \
        -e '^\[[0-9]+/[0-9]+\] ' \
        -e '^Building for (production|debugging)\.\.\.$' \
        -e "^Build (of product '[^']+' )?complete! \([0-9.]+s\)$" \
        -e '^(Fetching|Fetched|Updating|Updated|Cloning|Cloned|Computing version for|Computed|Creating working copy for|Working copy of) https?://[^ ]+( |$)' \
        -e "^[^ ]+\.a\([^)]+\):.*: warning: the use of \`mktemp' is dangerous, better use \`mkstemp' or \`mkdtemp'$" \
        -e "^warning: 'zipfoundation': found 1 file\(s\) which are unhandled; explicitly declare them as resources or exclude from the target$" \
        -e '^ +[^ ]*/ZIPFoundation/Resources/PrivacyInfo\.xcprivacy$' \
        || true
}

# Runs one build command, its output kept in a log: progress on stderr (a terminal only), the
# whole log if it fails (and its status returned), else only what build_log_unknown keeps.
# Sets quiet_build_compiled=1 when the build compiled or linked anything.
quiet_build() {
    local log status
    log="$(mktemp "${TMPDIR:-/tmp}/fx-build.XXXXXX")"
    if [ -t 2 ]; then
        local columns line
        columns=$(( $(tput cols 2>/dev/null || echo 80) - 1 ))
        set +e
        "$@" 2>&1 | tee "$log" | while IFS= read -r line; do
            case "$line" in \[*/*\]\ *) printf '\r\033[K%s' "${line:0:$columns}" >&2 ;; esac
        done
        status=${PIPESTATUS[0]}
        set -e
        printf '\r\033[K' >&2
    else
        status=0
        "$@" >"$log" 2>&1 || status=$?
    fi
    if [ "$status" -ne 0 ]; then
        cat "$log" >&2
        rm -f "$log"
        return "$status"
    fi
    grep -Eq '^\[[0-9]+/[0-9]+\] (Compiling|Linking) ' "$log" && quiet_build_compiled=1
    build_log_unknown <"$log" >&2
    rm -f "$log"
}

# The release build users get (Swift libraries linked in; on Linux a static fx, see
# Package.swift): only the two products users run, fx and its network helper fx-fetch.
build_release_quietly() {
    local root="$1" started=$SECONDS
    quiet_build_compiled=0
    # The first build takes minutes: say so before it starts, not only when it ends.
    if [ ! -x "$root/.build/release/fx" ]; then
        echo "building fx and fx-fetch (release); the first build takes a few minutes" >&2
    fi
    quiet_build swift build -c release --static-swift-stdlib --package-path "$root" --product fx
    quiet_build swift build -c release --static-swift-stdlib --package-path "$root" --product fx-fetch
    if [ "$quiet_build_compiled" = 1 ]; then
        echo "built fx and fx-fetch (release) in $(( SECONDS - started ))s" >&2
    fi
}
