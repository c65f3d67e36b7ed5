import Foundation

/// Makes a source's history file look checked `seconds` ago, as a later run would find it.
func ageHistoryFile(_ fx: FXRunner, source: String, by seconds: TimeInterval) throws {
    let url = fx.home.appendingPathComponent("cache/fx/history-\(source).txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    let newline = text.firstIndex(of: "\n")!
    var header = try JSONSerialization.jsonObject(with: Data(text[..<newline].utf8)) as! [String: Any]
    let old = Date().addingTimeInterval(-seconds).formatted(.iso8601)
    header["checkedAt"] = old
    header["fetchedAt"] = old
    let encoded = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
    try (String(decoding: encoded, as: UTF8.self) + text[newline...]).write(to: url, atomically: true, encoding: .utf8)
}

/// The query item `name` of a request path.
func queryValue(_ name: String, in path: String) -> String? {
    URLComponents(string: path)?.queryItems?.first { $0.name == name }?.value
}
