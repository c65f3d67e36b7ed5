import Foundation

/// Reads a test fixture that sits in a `Fixtures` folder beside the calling test file.
public func fixture(_ name: String, file: String = #filePath) -> Data {
    let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: url.path) else { fatalError("missing fixture \(url.path)") }
    return data
}

/// A fresh private directory under the system's temporary folder, removed by the caller.
public func makeTemporaryDirectory(_ prefix: String = "fx-test") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fixture every test target shares, from `Tests/FXTestSupport/Fixtures`.
public func sharedFixture(_ name: String) -> Data {
    fixture(name, file: #filePath)
}

/// The ECB's full history since 1999 (7,126 working days to 2026-10-30), as `eurofxref-hist.csv`.
public let ecbFullHistoryCSV: Data = sharedFixture("eurofxref-hist.csv")
