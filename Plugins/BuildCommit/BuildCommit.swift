import Foundation
import PackagePlugin

/// Writes the commit being built into FXBuildInfo before every build, so that `fx --version`
/// names it however fx was built (`swift build`, the scripts, a package). Without git or a
/// clone the value is nil, and fx says "unknown commit". The file is replaced only when the
/// commit changes, so a build of the same commit recompiles nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        // GIT_OPTIONAL_LOCKS=0: reading the commit never takes the index lock from a git command running meanwhile.
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "GIT_OPTIONAL_LOCKS": "0",
        ]
        return [
            .prebuildCommand(
                displayName: "Recording the commit fx is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-commit", context.package.directoryURL.path, output.path],
                environment: environment,
                outputFilesDirectory: output)
        ]
    }

    /// `$1` the package, `$2` the output directory. A tree with uncommitted changes to tracked
    /// files is `<commit>-dirty`, as `git describe --dirty` says.
    static let script = #"""
        mkdir -p "$2" || exit 1
        commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=""
        if [ -n "$commit" ] && ! git -C "$1" diff --no-ext-diff --quiet HEAD -- 2>/dev/null; then commit="$commit-dirty"; fi
        value=nil
        [ -n "$commit" ] && value="\"$commit\""
        printf '// Generated before each build by Plugins/BuildCommit. Do not edit.\nlet generatedCommit: String? = %s\n' "$value" >"$2/BuildCommit.swift.new"
        if cmp -s "$2/BuildCommit.swift.new" "$2/BuildCommit.swift"; then rm -f "$2/BuildCommit.swift.new"; else mv "$2/BuildCommit.swift.new" "$2/BuildCommit.swift"; fi
        """#
}
