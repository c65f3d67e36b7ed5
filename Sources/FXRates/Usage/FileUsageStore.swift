import Foundation

/// `usage.json` in fx's cache directory: `{"schema":1,"sources":{"oxr":{"month":"2026-11","requests":12,…}}}`.
/// Counting never stops an answer: a damaged or unwritable file is replaced or skipped quietly,
/// since the counts are advisory (the provider keeps the real ones).
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
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return Self.decode(data)
    }

    public func record(_ result: RequestResult, for source: SourceID, at date: Date) {
        try? AtomicFile.makeDirectory(directory)
        try? FileLock.withExclusiveLock(path: lockPath) {
            var usage = FileManager.default.contents(atPath: path).map(Self.decode) ?? [:]
            usage[source] = UsageUpdate.apply(result, to: usage[source], at: date)
            let file = File(schema: 1, sources: Dictionary(uniqueKeysWithValues: usage.map { ($0.key.rawValue, $0.value) }))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            try AtomicFile.write(try encoder.encode(file), to: path)
        }
    }

    private static func decode(_ data: Data) -> [SourceID: SourceUsage] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let file = try? decoder.decode(File.self, from: data), file.schema == 1 else { return [:] }
        return Dictionary(uniqueKeysWithValues: file.sources.map { (SourceID($0.key), $0.value) })
    }
}
