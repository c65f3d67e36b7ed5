/// CSV records into a buffer handed to `sink` in large pieces (a struct, so that its appends, in a
/// local variable, need no exclusivity check at run time): a field is quoted only when it
/// holds the delimiter, a quote, CR or LF (quotes doubled), as RFC 4180 has it.
struct CSVWriter {
    typealias Sink = (UnsafeRawBufferPointer) throws(CSVFileProblem) -> Void

    private let sink: Sink
    private var buffer: [UInt8] = []
    private let limit: Int
    var delimiter: UInt8
    private var fieldsInRecord = 0

    init(delimiter: UInt8, bufferSize: Int = 256 << 10, sink: @escaping Sink) {
        self.delimiter = delimiter
        self.sink = sink
        limit = bufferSize
        buffer.reserveCapacity(bufferSize + 4096)
    }

    mutating func field(_ bytes: UnsafeBufferPointer<UInt8>) {
        // A local: the property read in the loop would cost an exclusivity check per byte.
        let delimiter = self.delimiter
        if fieldsInRecord > 0 { buffer.append(delimiter) }
        fieldsInRecord += 1
        var needsQuotes = false
        for byte in bytes where byte == delimiter || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13 {
            needsQuotes = true
            break
        }
        guard needsQuotes else {
            buffer.append(contentsOf: bytes)
            return
        }
        buffer.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { buffer.append(byte) }
            buffer.append(byte)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func field(_ text: String) {
        var text = text
        text.withUTF8 { field($0) }
    }

    /// An exact amount from `ExactCents`, quoted when its decimal mark is the delimiter.
    mutating func number(_ units: UInt128, negative: Bool, digits: Int, mark: UInt8) {
        if fieldsInRecord > 0 { buffer.append(delimiter) }
        fieldsInRecord += 1
        let quoted = mark == delimiter && digits > 0
        if quoted { buffer.append(UInt8(ascii: "\"")) }
        ExactCents.write(units, negative: negative, digits: digits, mark: mark, into: &buffer)
        if quoted { buffer.append(UInt8(ascii: "\"")) }
    }

    mutating func emptyField() {
        if fieldsInRecord > 0 { buffer.append(delimiter) }
        fieldsInRecord += 1
    }

    mutating func endRecord() throws(CSVFileProblem) {
        buffer.append(UInt8(ascii: "\n"))
        fieldsInRecord = 0
        if buffer.count >= limit { try flush() }
    }

    mutating func flush() throws(CSVFileProblem) {
        guard !buffer.isEmpty else { return }
        let sink = self.sink
        let result: Result<Void, CSVFileProblem> = buffer.withUnsafeBytes { bytes in
            do throws(CSVFileProblem) { return .success(try sink(bytes)) } catch { return .failure(error) }
        }
        try result.get()
        buffer.removeAll(keepingCapacity: true)
    }
}
