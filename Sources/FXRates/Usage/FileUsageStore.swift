/// `usage.json` in fx's cache directory: `{"schema":1,"sources":{"oxr":{"month":"2026-11","requests":12,…}}}`.
/// Counting never stops an answer: a damaged file is set aside (`usage.json.corrupt`) and an
/// unwritable one skipped, quietly, since the counts are advisory (the provider keeps the real
/// ones); a file from a newer fx is left as it is.
public struct FileUsageStore: UsageStore {
    /// fx's cache directory, which holds the file and its lock file.
    public let directory: String
    public var path: String { directory + "/usage.json" }
    private var file: GuardedFile { GuardedFile(path: path, lockPath: directory + "/usage.lock") }

    /// A store in `directory`, made (0700) on the first write.
    public init(directory: String) { self.directory = directory }

    private struct File: Codable {
        var schema: Int
        var sources: [String: SourceUsage]
    }

    /// The counts by source; empty when there are none or they cannot be read.
    public func load() -> [SourceID: SourceUsage] {
        guard case .usable(let usage) = Self.interpret(file.read()) else { return [:] }
        return usage
    }

    /// Adds one fetch's result and requests under the lock (`usage.lock`). A newer fx's counts are
    /// its own: left as they are, this fetch goes uncounted. Damage is kept for inspection, quietly:
    /// starting afresh loses only counts.
    public func record(_ result: RequestResult, requests: Int, for source: SourceID, at date: Date) {
        _ = try? file.update(empty: [:], Self.interpret) { current throws(Unusable) in
            var usage = current
            usage[source] = UsageUpdate.apply(result, requests: requests, to: usage[source], at: date)
            let file = File(schema: Self.schema, sources: Dictionary(uniqueKeysWithValues: usage.map { ($0.key.rawValue, $0.value) }))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(file) else { throw Unusable() }
            return (data, ())
        }
    }

    static let schema = 1

    /// Why the counts on disk are not used; never said, since they are advisory.
    private struct Unusable: Error {}

    private struct SchemaProbe: Decodable { var schema: Int }

    private static func interpret(_ read: Result<Data, PlainFile.Failure>) -> FileVerdict<[SourceID: SourceUsage], Unusable> {
        let data: Data
        switch read {
        case .success(let bytes): data = bytes
        case .failure(.missing): return .usable([:])
        case .failure: return .damaged(Unusable())  // a directory, or a file that cannot be read
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let file = try? decoder.decode(File.self, from: data), file.schema == schema {
            return .usable(Dictionary(uniqueKeysWithValues: file.sources.map { (SourceID($0.key), $0.value) }))
        }
        if let probe = try? decoder.decode(SchemaProbe.self, from: data), probe.schema > schema { return .leaveAlone(Unusable()) }
        return .damaged(Unusable())
    }
}
