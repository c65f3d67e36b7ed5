extension Settings {
    /// Where snapshots are kept: `$XDG_DATA_HOME/fx/snapshots`, default `~/.local/share/fx/snapshots`.
    /// Data, not cache: a snapshot is something the user made and means to keep.
    public static func snapshotDirectory(_ environment: [String: String]) -> String {
        xdg("XDG_DATA_HOME", default: home(environment) + "/.local/share", environment) + "/fx/snapshots"
    }
}
