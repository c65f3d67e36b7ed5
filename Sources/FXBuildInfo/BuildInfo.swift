/// What this build of fx is: the version, written here and nowhere else (the scripts read it
/// from `fx --version`), and the commit it was built from.
public enum BuildInfo {
    /// fx's version; CHANGELOG.md says what each one changed.
    public static let version = "0.1.0"

    /// The commit built (12 hex digits, `-dirty` with uncommitted changes), from the BuildCommit
    /// plugin; nil when the source was not a git clone.
    public static let commit: String? = generatedCommit
}
