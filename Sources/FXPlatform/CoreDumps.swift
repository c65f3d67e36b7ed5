import CProcessGuard

/// Whether this process may leave a core file. A core holds everything in memory, API keys too:
/// fx refuses dumps while it holds one (issue 34), which also keeps other processes of the same
/// user from reading its memory through ptrace or /proc.
public enum CoreDumps {
    /// From now on, no core file (Linux; elsewhere nothing changes).
    public static func refuse() {
        _ = fx_set_dumpable(0)
    }

    /// True or false where the system tells (Linux), nil elsewhere.
    public static var allowed: Bool? {
        let state = fx_get_dumpable()
        return state < 0 ? nil : state != 0
    }
}
