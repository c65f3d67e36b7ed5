/// `usage.json` in fx's cache directory: `{"schema":1,"sources":{"oxr":{"month":"2026-11","requests":12,…}}}`.
/// Counting never stops an answer: a damaged file is set aside (`usage.json.corrupt`) and an
/// unwritable one skipped, quietly, since the counts are advisory (the provider keeps the real
/// ones); a file from a newer fx is left as it is.
public struct FileUsageStore: UsageStore {
    public let directory: String
    public var path: String { directory + "/usage.json" }
    private var lockPath: String { directory + "/usage.lock" }

    public init(directory: String) { self.directory = directory }

    private struct File: Codable {
        var schema: Int
        var sources: [String: SourceUsage]
    }

    public func load() -> [SourceID: SourceUsage] {
        guard let data = PlainFile.contents(path), case .usage(let usage) = Self.decode(data) else { return [:] }
        return usage
    }

    public func record(_ result: RequestResult, for source: SourceID, at date: Date) {
        try? AtomicFile.makeDirectory(directory)
        try? FileLock.withExclusiveLock(path: lockPath) {
            var usage: [SourceID: SourceUsage] = [:]
            if let data = PlainFile.contents(path) {
                switch Self.decode(data) {
                case .usage(let counted): usage = counted
                // A newer fx's counts are its own: left as they are, this request goes uncounted.
                case .newer: return
                // Kept for inspection, quietly: counts are advisory, and starting afresh loses only them.
                case .damaged: _ = SetAside.file(path, reason: "")
                }
            } else if Paths.exists(path) {
                _ = SetAside.file(path, reason: "")  // a directory, or a file that cannot be read
            }
            usage[source] = UsageUpdate.apply(result, to: usage[source], at: date)
            let file = File(schema: Self.schema, sources: Dictionary(uniqueKeysWithValues: usage.map { ($0.key.rawValue, $0.value) }))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            try AtomicFile.write(try encoder.encode(file), to: path)
        }
    }

    static let schema = 1

    private enum Decoded {
        case usage([SourceID: SourceUsage])
        case newer
        case damaged
    }

    private struct SchemaProbe: Decodable { var schema: Int }

    private static func decode(_ data: Data) -> Decoded {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let file = try? decoder.decode(File.self, from: data), file.schema == schema {
            return .usage(Dictionary(uniqueKeysWithValues: file.sources.map { (SourceID($0.key), $0.value) }))
        }
        if let probe = try? decoder.decode(SchemaProbe.self, from: data), probe.schema > schema { return .newer }
        return .damaged
    }
}
