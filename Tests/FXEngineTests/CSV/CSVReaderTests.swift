import Testing

import FXAnswers
@testable import FXEngine

/// The reader against RFC 4180's hard cases, fed in tiny chunks so that every state crosses a chunk boundary.
@Suite struct CSVReaderTests {
    static func records(_ text: String, delimiter: UInt8? = nil, chunk: Int = 3) throws -> (
        rows: [[String]], lines: [Int], delimiter: UInt8
    ) {
        var bytes = Array(text.utf8)[...]
        let reader = CSVReader(
            source: { buffer in
                let count = min(buffer.count, bytes.count)
                for index in 0..<count { buffer[index] = bytes[bytes.startIndex + index] }
                bytes = bytes.dropFirst(count)
                return count
            }, chunkSize: chunk, recordLimit: 64)
        try reader.start(delimiter: delimiter)
        var rows: [[String]] = [], lines: [Int] = []
        while try reader.next() {
            rows.append((0..<reader.fields.count).map(reader.text))
            lines.append(reader.line)
        }
        return (rows, lines, reader.delimiter)
    }

    @Test func quotedFieldsHoldDelimitersNewlinesAndDoubledQuotes() throws {
        let read = try Self.records("a,b\n\"x,1\",\"two\nlines \"\"q\"\"\"\r\nlast,\"\"\n")
        #expect(read.rows == [["a", "b"], ["x,1", "two\nlines \"q\""], ["last", ""]])
        #expect(read.lines == [1, 2, 4])
    }

    @Test func delimiterIsDetectedFromTheHeaderLine() throws {
        #expect(try Self.records("a;b;\"c,d\"\n1;2;3\n", chunk: 64).delimiter == UInt8(ascii: ";"))
        #expect(try Self.records("a\tb\n", chunk: 64).delimiter == UInt8(ascii: "\t"))
        #expect(try Self.records("a,b\n", chunk: 64).delimiter == UInt8(ascii: ","))
        #expect(try Self.records("single\n", chunk: 64).delimiter == UInt8(ascii: ","))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let read = try Self.records("\u{FEFF}Date,Amount\n2024-03-01,1\n", chunk: 64)
        #expect(read.rows.first == ["Date", "Amount"])
    }

    @Test func lastRecordWithoutNewlineIsRead() throws {
        #expect(try Self.records("a\n1").rows == [["a"], ["1"]])
    }

    @Test func nulByteIsABinaryFile() {
        #expect(throws: CSVFileProblem.binary(line: 2)) { try Self.records("a\nb\0c\n") }
    }

    @Test func unclosedQuoteIsAnError() {
        #expect(throws: CSVFileProblem.unclosedQuote(line: 2)) { try Self.records("a\n\"open\n") }
    }

    @Test func recordBeyondTheLimitIsAnError() {
        #expect(throws: CSVFileProblem.recordTooLong(line: 2, limit: 64)) {
            try Self.records("a\n" + String(repeating: "x", count: 100) + "\n")
        }
    }

    /// The cap counts bytes as written: a line of delimiters, doubled quotes or CRs stores few
    /// bytes or none, and must end at the cap all the same; a record of exactly the cap is read.
    @Test(arguments: [3, 4096])
    func delimitersQuotesAndReturnsCountTowardsTheLimit(chunk: Int) throws {
        for record in [
            String(repeating: ",", count: 65), "\"" + String(repeating: "\"\"", count: 40) + "\"",
            "x" + String(repeating: "\r", count: 100) + "y", "a,\"b\n" + String(repeating: "\n,", count: 40) + "\"",
        ] {
            #expect(throws: CSVFileProblem.recordTooLong(line: 2, limit: 64), "\(record.debugDescription)") {
                try Self.records("a\n" + record + "\nb\n", chunk: chunk)
            }
        }
        let full = try Self.records("a\n" + String(repeating: ",", count: 64) + "\nb\n", chunk: chunk)
        #expect(full.rows.map(\.count) == [1, 65, 1])
        let quoted = try Self.records("a\n\"" + String(repeating: "\"\"", count: 31) + "\"\nb\n", chunk: chunk)
        #expect(quoted.rows[1] == [String(repeating: "\"", count: 31)])
    }

    @Test func writerQuotesOnlyWhatNeedsIt() throws {
        var written: [UInt8] = []
        var writer = CSVWriter(delimiter: UInt8(ascii: ";"), bufferSize: 4) { written.append(contentsOf: $0) }
        writer.field("plain")
        writer.field("a;b")
        writer.field("say \"hi\"")
        writer.field("two\nlines")
        writer.emptyField()
        try writer.endRecord()
        writer.number(1234, negative: true, digits: 2, format: .german)
        try writer.endRecord()
        try writer.flush()
        #expect(String(decoding: written, as: UTF8.self) == "plain;\"a;b\";\"say \"\"hi\"\"\";\"two\nlines\";\n-12,34\n")
        // A decimal mark that is the delimiter is quoted.
        var comma: [UInt8] = []
        var commaWriter = CSVWriter(delimiter: UInt8(ascii: ","), bufferSize: 64) { comma.append(contentsOf: $0) }
        commaWriter.number(5, negative: true, digits: 2, format: .german)
        try commaWriter.flush()
        #expect(String(decoding: comma, as: UTF8.self) == "\"-0,05\"")
    }

    @Test func onlyRecordsWithoutQuotesArePlain() throws {
        var bytes = Array("a,b\r\n\"a\",b\nx\"y,z\n".utf8)[...]
        let reader = CSVReader(source: { buffer in
            let count = min(buffer.count, bytes.count)
            for index in 0..<count { buffer[index] = bytes[bytes.startIndex + index] }
            bytes = bytes.dropFirst(count)
            return count
        })
        try reader.start(delimiter: nil)
        var plain: [Bool] = []
        while try reader.next() { plain.append(reader.isPlain) }
        #expect(plain == [true, false, false])
    }

    @Test func writerGrowsForAFieldLargerThanItsBuffer() throws {
        var written: [UInt8] = []
        var writer = CSVWriter(delimiter: UInt8(ascii: ","), bufferSize: 4) { written.append(contentsOf: $0) }
        let long = String(repeating: "x", count: 10_000)
        writer.field("a")
        writer.field(long + ",")
        try writer.endRecord()
        try writer.flush()
        #expect(String(decoding: written, as: UTF8.self) == "a,\"" + long + ",\"\n")
    }

    @Test func plainRecordsAreReadInPlaceAndTheRestAsBefore() throws {
        let text = "a,b\nx,\"y\"\r\n\n1,2\r\nlast,row"
        let inPlace = try Self.records(text, chunk: 64)
        #expect(inPlace.rows == [["a", "b"], ["x", "y"], [""], ["1", "2"], ["last", "row"]])
        #expect(inPlace.rows == (try Self.records(text, chunk: 3)).rows)
        #expect(inPlace.lines == [1, 2, 3, 4, 5])
    }
}
