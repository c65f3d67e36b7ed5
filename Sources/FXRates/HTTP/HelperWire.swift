/// The framing both of fx's helper wires share (`FetchWire`, `ECBFetchWire`): one JSON line, the
/// head, then the body's raw bytes to the end of the output.
enum HelperWire {
    /// `head` as one JSON line, newline included; `fallback` (JSON too) should encoding fail.
    static func line(_ head: some Encodable, fallback: String) -> Data {
        var data = (try? JSONEncoder().encode(head)) ?? Data(fallback.utf8)
        data.append(0x0A)
        return data
    }

    /// The head line decoded and the bytes after it; nil when the output holds no such head.
    static func split<Head: Decodable>(_ output: Data, as _: Head.Type) -> (head: Head, body: Data)? {
        guard let newline = output.firstIndex(of: 0x0A),
            let head = try? JSONDecoder().decode(Head.self, from: output[output.startIndex..<newline])
        else { return nil }
        return (head, Data(output[output.index(after: newline)...]))
    }
}
