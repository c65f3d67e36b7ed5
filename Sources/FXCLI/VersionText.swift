import FXBuildInfo
import FXRates

/// What `fx --version` prints: the version, the commit built and the date of the built-in rates,
/// the three things a bug report needs to say which fx answered, then the licence, which anyone
/// passing the binary on must know (the notices of what it links travel in NOTICE beside it).
public enum VersionText {
    public static var text: String {
        let commit = BuildInfo.commit.map { "commit " + $0 } ?? "unknown commit"
        return "fx \(BuildInfo.version) (\(commit))\nbuilt-in rates: ECB of \(BuiltInRates.ecb.latest.date)\n" + license
    }

    /// The licence line: fx's own licence and where the third-party notices are.
    public static let license = "license: Apache-2.0; third-party notices in NOTICE (share/doc/fx/NOTICE where installed)"
}
