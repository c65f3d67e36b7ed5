import FXRates
import FXTestSupport
import Foundation
import Testing

/// `usage.json`: advisory counts, so damage is set aside quietly and counting starts afresh,
/// while a newer fx's file is left exactly as it is.
@Suite struct FileUsageStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: [
        "", "{\"schema\": 1, \"sour", "[1, 2]", #"{"schema": 1, "sources": {"ecb": {"month": 11}}}"#, #"{"schema": 0, "sources": {}}"#,
    ])
    func damageIsSetAsideAndCountingStartsAfresh(text: String) throws {
        let directory = makeTemporaryDirectory("fx-usage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileUsageStore(directory: directory.path)
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(store.load().isEmpty)

        store.record(.new, requests: 1, for: .ecb, at: Self.now)
        #expect(store.load()[.ecb]?.requests == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path + ".corrupt")) == Data(text.utf8))
    }

    @Test func aDirectoryInThePlaceOfTheFileIsSetAside() throws {
        let directory = makeTemporaryDirectory("fx-usage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileUsageStore(directory: directory.path)
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: false)
        store.record(.wasted, requests: 1, for: .ecb, at: Self.now)
        #expect(store.load()[.ecb] == SourceUsage(month: SourceUsage.month(of: Self.now), requests: 1, wasted: 1))
    }

    @Test func aNewerFXsFileIsLeftAsItIs() throws {
        let directory = makeTemporaryDirectory("fx-usage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileUsageStore(directory: directory.path)
        let newer = Data(#"{"schema": 2, "months": {"2026-11": {"ecb": 3}}}"#.utf8)
        try newer.write(to: URL(fileURLWithPath: store.path))
        store.record(.new, requests: 1, for: .ecb, at: Self.now)
        #expect(store.load().isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == newer)
        #expect(!FileManager.default.fileExists(atPath: store.path + ".corrupt"))
    }

    /// Many writers in one process, each taking the file lock: none of their counts is lost.
    @Test func concurrentRecordsAllCount() async throws {
        let directory = makeTemporaryDirectory("fx-usage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileUsageStore(directory: directory.path)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    store.record(index % 4 == 0 ? .wasted : .new, requests: 1, for: index % 2 == 0 ? .ecb : .frankfurter, at: Self.now)
                }
            }
        }
        #expect(store.load()[.ecb]?.requests == 20)
        #expect(store.load()[.frankfurter]?.requests == 20)
        #expect(store.load()[.ecb]?.wasted == 10)
    }
}

@Suite struct UsageRedactionTests {
    @Test func aFailureQuotingAURLIsStoredWithoutItsCredentials() {
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let reason = "GET ftp://user:hunter2@127.0.0.1/x?app_id=k3y failed"
        let usage = UsageUpdate.apply(.failed(reason), requests: 1, to: nil, at: at)
        #expect(usage.lastError == "GET ftp://…@127.0.0.1/x?app_id=… failed")
    }
}
