import FXBuildInfo
import FXRates

/// What `fx --version` prints: the version, the commit built and the date of the built-in rates,
/// the three things a bug report needs to say which fx answered.
public enum VersionText {
    public static var text: String {
        let commit = BuildInfo.commit.map { "commit " + $0 } ?? "unknown commit"
        return "fx \(BuildInfo.version) (\(commit))\nbuilt-in rates: ECB of \(BuiltInRates.ecb.latest.date)"
    }
}
