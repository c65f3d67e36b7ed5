import FXPlatform

extension InputHistory {
    /// libedit's own format begins so, with each line escaped (`100\040usd`); fx reads it, and
    /// writes lines as typed.
    static let libeditHeader = "_HiStOrY_V2_"

    /// The lines the file holds, oldest first: plain lines, or libedit's escaped ones from a file
    /// an older fx wrote. A missing or unreadable file holds none.
    func load() -> [String] {
        guard case .success(let data) = GuardedFile(path: path, lockPath: path + ".lock").read() else { return [] }
        return Self.lines(of: String(decoding: data, as: UTF8.self))
    }

    public static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard lines.first == libeditHeader else { return lines }
        lines.removeFirst()
        return lines.map(unescaped)
    }

    /// What libedit's `strvis` wrote, as typed: `\040` is a space, `\\` a backslash.
    static func unescaped(_ line: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(line.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "\\"), index + 3 < source.count, let value = octal(source[(index + 1)...(index + 3)]) {
                bytes.append(value)
                index += 4
            } else if byte == UInt8(ascii: "\\"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "\\") {
                bytes.append(byte)
                index += 2
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard digits.count == 3 else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { return nil }
            value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }

    /// The file's new text: `earlier` then `session`, a line repeated straight after itself kept
    /// once, the last `capacity` only.
    public static func text(earlier: [String], session: [String]) -> String {
        var lines: [String] = []
        for line in earlier + session where lines.last != line { lines.append(line) }
        return lines.suffix(capacity).map { $0 + "\n" }.joined()
    }
}
