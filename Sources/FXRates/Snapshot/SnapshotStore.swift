/// Saved snapshots, one `<name>.json` each in `$XDG_DATA_HOME/fx/snapshots` (0600 files in a
/// 0700 directory), each replaced atomically under the directory's one lock file.
public struct SnapshotStore: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public func path(of name: SnapshotName) -> String { directory + "/" + name.rawValue + ".json" }
    private func file(of name: SnapshotName) -> GuardedFile { GuardedFile(path: path(of: name), lockPath: directory + "/.lock") }

    /// The saved names, sorted: one directory read, no file opened (TAB completion asks at each press).
    public func names() -> [String] {
        Paths.names(in: directory, ending: ".json").map { String($0.dropLast(5)) }.filter { SnapshotName($0) != nil }
    }

    /// `text` as a name, refused when it cannot be one.
    public static func name(_ text: String) throws(SnapshotError) -> SnapshotName {
        guard let name = SnapshotName(text) else { throw .badName(text) }
        return name
    }

    /// Writes `snapshot`, replacing one of the same name; true when it replaced one.
    @discardableResult
    public func save(_ snapshot: Snapshot) throws(SnapshotError) -> Bool {
        let file = file(of: snapshot.name)
        let data: Data
        do { data = try SnapshotFileFormat(snapshot).encoded() } catch {
            throw .store(StoreError(path: file.path, reason: String(describing: error)))
        }
        do throws(POSIXFailure) {
            return try file.withLock { locked throws(POSIXFailure) in
                // The name is the user's: a link, FIFO or directory standing there is refused, not replaced.
                let existed = try OutputPath(file.path).exists
                try locked.replace(with: data)
                return existed
            }
        } catch {
            throw .store(StoreError(path: file.path, reason: error.reason))
        }
    }

    /// The snapshot named `text`; unknown names come with the nearest saved one.
    public func load(_ text: String) throws(SnapshotError) -> Snapshot {
        let name = try Self.name(text)
        switch file(of: name).read() {
        case .success(let data):
            do throws(CacheFormatError) {
                return try SnapshotFileFormat.decode(data)
            } catch {
                throw .unreadable(name.rawValue, reason: error.reason)
            }
        case .failure(.missing): throw unknown(text)
        case .failure(let failure): throw .unreadable(name.rawValue, reason: failure.refusal ?? "cannot be read")
        }
    }

    /// Deletes the snapshot named `text`.
    public func remove(_ text: String) throws(SnapshotError) {
        let name = try Self.name(text)
        let removed: Bool
        do { removed = try file(of: name).remove() } catch { throw .store(StoreError(path: path(of: name), reason: error.reason)) }
        if !removed { throw unknown(text) }
    }

    /// The saved names go along, for the message's "Did you mean".
    private func unknown(_ text: String) -> SnapshotError {
        .unknown(text, saved: names())
    }
}
