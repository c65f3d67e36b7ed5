/// The JSON layout of `<name>.json` in the snapshots directory, apart from the domain types:
///
///     {"schema": 1, "name": "q3-close", "savedAt": "…",
///      "history": {"ecb": {"lastDay": "2026-10-30", "checkedAt": "…"}},
///      "latest": {…latest.json's layout…}}
struct SnapshotFileFormat: Codable {
    static let currentSchema = 1

    var schema: Int
    var name: String
    var savedAt: Date
    var history: [String: Mark]
    var latest: CacheFileFormat

    struct Mark: Codable {
        var lastDay: String
        var checkedAt: Date
    }

    init(_ snapshot: Snapshot) {
        schema = Self.currentSchema
        name = snapshot.name.rawValue
        savedAt = snapshot.savedAt
        history = Dictionary(
            uniqueKeysWithValues: snapshot.history.map {
                ($0.key.rawValue, Mark(lastDay: $0.value.lastDay.description, checkedAt: $0.value.checkedAt))
            })
        latest = CacheFileFormat(entries: snapshot.latest)
    }

    func snapshot() throws(CacheFormatError) -> Snapshot {
        guard schema == Self.currentSchema else { throw .unsupportedSchema(schema) }
        guard let name = SnapshotName(name) else { throw .invalid("an invalid name \(name.shownFromFile)") }
        var marks: [SourceID: Snapshot.HistoryMark] = [:]
        for (id, mark) in history {
            guard let day = Day(iso: mark.lastDay) else { throw .invalid("an invalid history day of \(id.shownFromFile)") }
            marks[SourceID(id)] = Snapshot.HistoryMark(lastDay: day, checkedAt: mark.checkedAt)
        }
        return Snapshot(name: name, savedAt: savedAt, latest: try latest.entries(), history: marks)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    static func decode(_ data: Data) throws(CacheFormatError) -> Snapshot {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let format: SnapshotFileFormat
        do { format = try decoder.decode(SnapshotFileFormat.self, from: data) } catch { throw .invalid("not a snapshot file") }
        return try format.snapshot()
    }
}
