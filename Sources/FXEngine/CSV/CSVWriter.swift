import FXAnswers
import FXRates

/// CSV records into a buffer handed to `sink` in large pieces (a struct, so that its appends, in a
/// local variable, need no exclusivity check at run time): a field is quoted only when it
/// holds the delimiter, a quote, CR or LF (quotes doubled), as RFC 4180 has it.
struct CSVWriter {
    typealias Sink = (UnsafeRawBufferPointer) throws(CSVFileProblem) -> Void

    private let sink: Sink
    /// Raw memory rather than `[UInt8]`: appends are stores and memcpy, with no uniqueness
    /// check or generic `append(contentsOf:)` per field (those were 9% of the 1M-row benchmark's samples).
    private let memory: WriterMemory
    /// `memory`'s pointer and size, copied here: a class's properties cost an exclusivity check per read.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private let limit: Int
    var delimiter: UInt8
    private var fieldsInRecord = 0

    init(delimiter: UInt8, bufferSize: Int = 256 << 10, sink: @escaping Sink) {
        self.delimiter = delimiter
        self.sink = sink
        limit = bufferSize
        memory = WriterMemory(capacity: bufferSize + 4096)
        base = memory.base
        capacity = memory.capacity
    }

    /// Room for `extra` more bytes after `count`.
    @inline(__always) private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count + extra > capacity {
            memory.grow(to: count + extra, keeping: count)
            (base, capacity) = (memory.base, memory.capacity)
        }
        return base
    }

    @inline(__always) private mutating func separate() {
        if fieldsInRecord > 0 {
            let base = reserve(1)
            base[count] = delimiter
            count += 1
        }
        fieldsInRecord += 1
    }

    mutating func field(_ bytes: UnsafeBufferPointer<UInt8>) {
        // A local: the property read in the loop would cost an exclusivity check per byte.
        let delimiter = self.delimiter
        var needsQuotes = false
        for byte in bytes where byte == delimiter || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13 {
            needsQuotes = true
            break
        }
        guard needsQuotes else { return plainField(bytes) }
        separate()
        let base = reserve(bytes.count * 2 + 2)
        var end = count
        base[end] = UInt8(ascii: "\"")
        end += 1
        for byte in bytes {
            if byte == UInt8(ascii: "\"") {
                base[end] = byte
                end += 1
            }
            base[end] = byte
            end += 1
        }
        base[end] = UInt8(ascii: "\"")
        count = end + 1
    }

    /// A field known to need no quotes: its bytes as they are.
    mutating func plainField(_ bytes: UnsafeBufferPointer<UInt8>) {
        separate()
        let base = reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    mutating func field(_ text: String) {
        var text = text
        text.withUTF8 { field($0) }
    }

    /// An exact amount in units of 10^-digits, ungrouped, quoted when its decimal mark is the delimiter.
    mutating func number(_ units: UInt128, negative: Bool, digits: Int, format: NumberFormat) {
        separate()
        let quoted = format.decimalMarkByte == delimiter && digits > 0
        let base = reserve(2 + FixedPoint.capacity(exponent: -digits, fractionDigits: digits))
        var end = count
        if quoted {
            base[end] = UInt8(ascii: "\"")
            end += 1
        }
        end += FixedPoint.write(
            units, exponent: -digits, negative: negative, fractionDigits: digits, format: format, grouping: false, to: base + end)
        if quoted {
            base[end] = UInt8(ascii: "\"")
            end += 1
        }
        count = end
    }

    mutating func emptyField() {
        separate()
    }

    mutating func endRecord() throws(CSVFileProblem) {
        let base = reserve(1)
        base[count] = UInt8(ascii: "\n")
        count += 1
        fieldsInRecord = 0
        if count >= limit { try flush() }
    }

    mutating func flush() throws(CSVFileProblem) {
        guard count > 0 else { return }
        try sink(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    /// `fields` as CSV text, each escaped as `field` escapes it, with `delimiter` between them.
    static func record(_ fields: [String], delimiter: UInt8) -> [UInt8] {
        var bytes: [UInt8] = []
        var writer = CSVWriter(delimiter: delimiter, bufferSize: 1 << 10) { bytes.append(contentsOf: $0) }
        for field in fields { writer.field(field) }
        try? writer.flush()
        return bytes
    }
}

/// The writer's buffer: one allocation, freed with the writer.
final class WriterMemory {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// At least `needed` bytes, the first `kept` of them carried over.
    func grow(to needed: Int, keeping kept: Int) {
        let larger = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        grown.update(from: base, count: kept)
        base.deallocate()
        base = grown
        capacity = larger
    }

    deinit { base.deallocate() }
}
