#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import FXPlatform

/// The one way fx's stores touch their files: reads judged by the caller, damage set aside once,
/// a newer writer's file left alone, read → change → replace under the lock, whole-line appends.
@Suite("Guarded file")
struct GuardedFileTests {
    /// A store's view of a file holding one decimal number: anything else is damage, "newer" is not its own.
    struct Problem: Error, Equatable { let reason: String }

    static func counter(_ read: Result<Data, PlainFile.Failure>) -> FileVerdict<Int, Problem> {
        switch read {
        case .failure(.missing): return .usable(0)
        case .failure(let failure): return .damaged(Problem(reason: "\(failure)"))
        case .success(let data):
            let text = String(decoding: data, as: UTF8.self)
            if text == "newer" { return .leaveAlone(Problem(reason: "newer")) }
            guard let value = Int(text) else { return .damaged(Problem(reason: "not a number")) }
            return .usable(value)
        }
    }

    static func increment(_ value: Int) throws(Problem) -> (Data, Int) { (Data(String(value + 1).utf8), value + 1) }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-guarded-\(UUID().uuidString)").path
    var file: GuardedFile { GuardedFile(path: directory + "/state/count", lockPath: directory + "/state/count.lock") }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func names() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: directory + "/state")) ?? [])
    }

    func mode(_ path: String) -> Int? {
        try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
    }

    @Test func anUpdateMakesAPrivateDirectoryAndFileAndLeavesNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try file.update(empty: 0, Self.counter, change: Self.increment) == 1)
        #expect(try file.update(empty: 0, Self.counter, change: Self.increment) == 2)
        #expect(contents(file.path) == "2")
        #expect(mode(file.path) == 0o600 && mode(directory + "/state") == 0o700)
        #expect(names() == ["count", "count.lock"])
        #expect(file.load(Self.counter) == .success(2))
    }

    @Test func damageIsSetAsideOnceByTheLoaderAndKeptByteForByte() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("garbage")
        guard case .failure(.setAside(let problem, let aside)) = file.load(Self.counter) else {
            Issue.record("not set aside")
            return
        }
        #expect(problem == Problem(reason: "not a number") && aside == file.asidePath)
        #expect(contents(file.asidePath) == "garbage" && contents(file.path) == nil)
        #expect(file.load(Self.counter) == .success(0))
    }

    @Test func anUpdateOverDamageSetsItAsideAndStartsFromEmpty() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("garbage")
        #expect(try file.update(empty: 41, Self.counter, change: Self.increment) == 42)
        #expect(contents(file.asidePath) == "garbage" && contents(file.path) == "42")
    }

    @Test func aDirectoryInTheFilesPlaceIsSetAsideWhole() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: file.path + "/inside", withIntermediateDirectories: true)
        #expect(try file.update(empty: 0, Self.counter, change: Self.increment) == 1)
        #expect(FileManager.default.fileExists(atPath: file.asidePath + "/inside"))
    }

    @Test func aFileToLeaveAloneIsNeitherSetAsideNorReplaced() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("newer")
        #expect(file.load(Self.counter) == .failure(.leftAlone(Problem(reason: "newer"))))
        #expect(throws: GuardedFileError<Problem>.refused(Problem(reason: "newer"))) {
            try file.update(empty: 0, Self.counter, change: Self.increment)
        }
        #expect(contents(file.path) == "newer" && names() == ["count", "count.lock"])
    }

    @Test func aChangeThatDeclinesWritesNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("7")
        #expect(throws: GuardedFileError<Problem>.refused(Problem(reason: "no"))) {
            try file.update(empty: 0, Self.counter) { _ throws(Problem) -> (Data, Int) in throw Problem(reason: "no") }
        }
        #expect(contents(file.path) == "7")
    }

    @Test func aDirectoryThatCannotBeMadeIsASystemFailure() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/blocker", contents: Data())  // a file where a directory goes
        let file = GuardedFile(path: directory + "/blocker/state/count", lockPath: directory + "/blocker/state/count.lock")
        #expect {
            try file.update(empty: 0, Self.counter, change: Self.increment)
        } throws: { error in
            guard case .system(let failure)? = error as? GuardedFileError<Problem> else { return false }
            return failure.operation == "create directory" && failure.code == ENOTDIR
        }
        // Nothing there to read: no damage, and no lock taken.
        #expect(file.load(Self.counter) == .success(0))
    }

    /// Separate instances on separate threads, as separate processes would be: no increment lost.
    @Test func concurrentUpdatesAllCount() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = file.path, lockPath = file.lockPath
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<25 { _ = try? GuardedFile(path: path, lockPath: lockPath).update(empty: 0, Self.counter, change: Self.increment) }
        }
        #expect(contents(file.path) == "200")
        #expect(names() == ["count", "count.lock"])
    }

    @Test func appendsEndALineCutShortAndSayTheSizes() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try file.withLock { locked throws(POSIXFailure) in try locked.append(lines: Data("a\n".utf8)) }
        #expect(first.before == 0 && first.after == 2 && mode(file.path) == 0o600)
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        handle.seekToEndOfFile()
        handle.write(Data("cut sh".utf8))
        handle.closeFile()
        let second = try file.withLock { locked throws(POSIXFailure) in try locked.append(lines: Data("b\n".utf8)) }
        #expect(second.before == 8 && second.after == 11)
        #expect(contents(file.path) == "a\ncut sh\nb\n")
    }

    @Test func theLockFileKeepsANoteForTheNextHolder() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try file.withLock { $0.note() } == nil)
        try file.withLock { $0.keepNote((12, 345)) }
        let note = try file.withLock { $0.note() }
        #expect(note?.0 == 12 && note?.1 == 345)
    }

    @Test func aFIFOOrSocketInTheFilesPlaceIsRefusedWithoutWaiting() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("1")
        unlink(file.path)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(file.read() == .failure(.notRegularFile))
        // A rename moves the FIFO aside without opening it, and the file starts again.
        #expect(file.load(Self.counter) == .failure(.setAside(Problem(reason: "notRegularFile"), movedTo: file.asidePath)))
        #expect(try file.update(empty: 0, Self.counter, change: Self.increment) == 1)
        #expect(mkfifo(directory + "/state/log", 0o600) == 0)
        let log = GuardedFile(path: directory + "/state/log", lockPath: file.lockPath)
        #expect(throws: POSIXFailure.self) {
            try log.withLock { locked throws(POSIXFailure) in try locked.append(lines: Data("a\n".utf8)) }
        }
        #expect(GuardedFile.read("/dev/null") == .failure(.notRegularFile))
    }

    @Test func aFIFOInTheLockFilesPlaceIsRefusedWithoutWaiting() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("1")
        #expect(mkfifo(file.lockPath, 0o600) == 0)
        #expect {
            try file.update(empty: 0, Self.counter, change: Self.increment)
        } throws: { error in
            guard case .system(let failure)? = error as? GuardedFileError<Problem> else { return false }
            return failure.reason.hasSuffix("not a regular file but a FIFO, a device or a socket")
        }
        #expect(contents(file.path) == "1")
    }

    @Test func readsBeyondTheLimitAreRefusedInConstantMemory() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("12345678901")
        let small = GuardedFile(path: file.path, lockPath: file.lockPath, sizeLimit: 10)
        #expect(small.read() == .failure(.tooLarge(limit: 10)))
        #expect(GuardedFile(path: file.path, lockPath: file.lockPath, sizeLimit: 11).read() == .success(Data("12345678901".utf8)))
        // A sparse 2 GiB file is refused on its size alone.
        #expect(truncate(file.path, 2 << 30) == 0)
        #expect(file.read() == .failure(.tooLarge(limit: GuardedFile.smallFileLimit)))
        #expect(GuardedFile.read(file.path) == .failure(.tooLarge(limit: GuardedFile.smallFileLimit)))
        // A file whose size says less than it holds (/proc) is cut off at the limit.
        #expect(GuardedFile(path: "/proc/self/status", lockPath: file.lockPath, sizeLimit: 16).read() == .failure(.tooLarge(limit: 16)))
    }

    @Test func symbolicLinksAreNotFollowedToReadOrWrite() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("")
        let target = directory + "/target"
        _ = FileManager.default.createFile(atPath: target, contents: Data("7".utf8))
        unlink(file.path)
        #expect(symlink(target, file.path) == 0)
        #expect(file.read() == .failure(.symbolicLink))
        #expect(GuardedFile.read(file.path) == .success(Data("7".utf8)))  // a config read by path may be a link
        #expect {
            try file.withLock { locked throws(POSIXFailure) in try locked.append(lines: Data("a\n".utf8)) }
        } throws: { error in
            (error as? POSIXFailure)?.reason.hasSuffix("a symbolic link, which fx does not follow") == true
        }
        unlink(file.path)
        unlink(file.lockPath)
        #expect(symlink(target, file.lockPath) == 0)
        #expect(throws: POSIXFailure.self) { try file.withLock { $0.keepNote((1, 2)) } }
        #expect(contents(target) == "7")
    }

    @Test func aReplaceRemovesTemporaryFilesOfProcessesThatAreGone() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("1")
        let dead = directory + "/state/count.tmp-2147483646-1"  // beyond any pid_max
        let live = directory + "/state/count.tmp-\(getpid())-2"
        let other = directory + "/state/other.tmp-2147483646-3"
        for path in [dead, live, other] { _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        #expect(try file.update(empty: 0, Self.counter, change: Self.increment) == 2)
        // Another file's leftover goes too: any write in the directory cleans it (issue 34).
        #expect(names() == ["count", "count.lock", "count.tmp-\(getpid())-2"])
    }

    /// Issue 34, item 3: no store writes a file its own read would refuse (past `sizeLimit`):
    /// the write is refused and the file stays as it was.
    @Test func aReplaceLargerThanTheReadLimitIsRefusedAndTheFileKept() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let small = GuardedFile(path: directory + "/state/count", lockPath: directory + "/state/count.lock", sizeLimit: 8)
        try write("1")
        #expect(throws: GuardedFileError<Problem>.self) {
            try small.update(empty: 0, Self.counter) { _ throws(Problem) in (Data("123456789".utf8), 0) }
        }
        #expect(contents(directory + "/state/count") == "1")
        #expect(try small.update(empty: 0, Self.counter, change: Self.increment) == 2)
    }
}

extension LoadProblem: Equatable where Problem: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.leftAlone(let a), .leftAlone(let b)): a == b
        case (.setAside(let a, let x), .setAside(let b, let y)): a == b && x == y
        case (.notSetAside(let a, let x), .notSetAside(let b, let y)): a == b && x.operation == y.operation && x.path == y.path
        default: false
        }
    }
}

extension GuardedFileError: Equatable where Problem: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.refused(let a), .refused(let b)): a == b
        case (.system(let a), .system(let b)): a.operation == b.operation && a.path == b.path && a.code == b.code
        default: false
        }
    }
}
