import FXShell
import Foundation
import Testing

/// A script saved by an editor that writes a UTF-8 byte-order mark reads as if it had none.
@Suite struct ByteOrderMarkTests {
    /// Lines read from a pipe holding `bytes`, its write end closed.
    private func lines(_ bytes: [UInt8]) -> [String] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        bytes.withUnsafeBytes { _ = write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let source = StandardInputLines(fd: fds[0])
        var read: [String] = []
        while let line = source.nextLine() { read.append(line) }
        close(fds[0])
        return read
    }

    @Test func aMarkBeforeTheFirstLineIsDropped() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        // Only a mark at the very start is dropped: one later is text, as it would be anywhere else.
        #expect(lines(bom + Array("100 usd eur\n".utf8) + bom + Array("x\n".utf8)) == ["100 usd eur", "\u{FEFF}x"])
        #expect(lines(bom) == [])
        #expect(lines(bom + Array("q".utf8)) == ["q"])
        #expect(lines(Array("ab".utf8)) == ["ab"])
    }

    @Test func aShortFirstLineIsGivenWithoutWaitingForMoreInput() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        _ = write(fds[1], "q\n", 2)
        let source = StandardInputLines(fd: fds[0])
        // The write end stays open, as a terminal's does: looking for a mark must not block.
        #expect(source.nextLine() == "q")
        close(fds[1])
        close(fds[0])
    }
}
