#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import FXPlatform

/// A file the user names for fx to write (`csv -o`, a snapshot): only a regular file or nothing
/// may stand there, a replaced file keeps its mode and owner, and no temporary file outlives fx.
@Suite("Output file")
struct OutputFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-output-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

    func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    func writeWhole(_ text: String, to path: String) throws {
        let file = try StreamedAtomicFile(path: path)
        try Data(text.utf8).withUnsafeBytes { try file.write($0) }
        try file.commit()
    }

    /// What stands there, and the one refusal each gets (nil: accepted).
    @Test func onlyNothingOrARegularFileIsAccepted() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/file", link = directory + "/link", fifo = directory + "/fifo", folder = directory + "/folder"
        _ = FileManager.default.createFile(atPath: file, contents: Data("keep".utf8))
        #expect(symlink(file, link) == 0 && mkfifo(fifo, 0o600) == 0 && mkdir(folder, 0o700) == 0)
        func refusal(_ path: String) -> String? {
            do { _ = try OutputPath(path) } catch { return error.reason }
            return nil
        }
        #expect(try OutputPath(directory + "/absent").exists == false)
        #expect(try OutputPath(file).exists)
        #expect(refusal(link) == "cannot write \(link): a symbolic link, which fx does not follow")
        #expect(refusal(fifo) == "cannot write \(fifo): not a regular file but a FIFO, a device or a socket")
        #expect(refusal("/dev/null") == "cannot write /dev/null: not a regular file but a FIFO, a device or a socket")
        #expect(refusal(folder) == "cannot write \(folder): a directory, not a file")
    }

    @Test func aLinkAFIFOOrADirectoryIsLeftAsItWasWithNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kept = directory + "/kept", link = directory + "/link", fifo = directory + "/fifo", folder = directory + "/folder"
        _ = FileManager.default.createFile(atPath: kept, contents: Data("keep".utf8))
        #expect(symlink(kept, link) == 0 && mkfifo(fifo, 0o600) == 0 && mkdir(folder, 0o700) == 0)
        for path in [link, fifo, folder] {
            #expect(throws: POSIXFailure.self) { try writeWhole("new", to: path) }
        }
        #expect(names() == ["fifo", "folder", "kept", "link"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == kept)
        #expect(FileManager.default.contents(atPath: kept) == Data("keep".utf8))
        #expect(status(fifo).map { $0.st_mode & S_IFMT } == S_IFIFO)
    }

    @Test func aReplacedFileKeepsItsModeAndOwner() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/statement.csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600])
        // Only root may give a file away: elsewhere the owner is the writer's anyway.
        let owner: uid_t = geteuid() == 0 ? 4321 : geteuid(), group: gid_t = geteuid() == 0 ? 4322 : getegid()
        #expect(chown(path, owner, group) == 0)
        try writeWhole("new", to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        let info = try #require(status(path))
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(info.st_uid == owner && info.st_gid == group)
        #expect(names() == ["statement.csv"])
    }

    @Test func aNewFileTakesTheUmasksMode() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/new.csv"
        let mask = umask(0o022)
        defer { umask(mask) }
        try writeWhole("new", to: path)
        #expect(status(path).map { $0.st_mode & 0o7777 } == 0o644)
    }

    /// A killed `csv -o big.csv` never run again leaves nothing for long: the next write fx makes
    /// in that directory, of any file, removes the temporary files of writers that are gone.
    @Test func aGoneWritersTemporaryFilesAreRemovedByTheNextWriteInTheDirectoryAndNoOthers() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let gone = "out.csv.tmp-2147483646-1"  // beyond any pid_max
        let live = "out.csv.tmp-\(getpid())-2"
        let other = "other.csv.tmp-2147483646-3"
        // Not of fx's shape: someone else's names, kept whatever their numbers say.
        let notFx = ["notes.tmp-2147483646", "notes.tmp-2147483646-x", ".tmp-2147483646-4", "notes.tmp-2147483646-99999999999"]
        for name in [gone, live, other] + notFx {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8))
        }
        try writeWhole("new", to: directory + "/another.csv")
        #expect(names() == (["another.csv", live] + notFx).sorted())
    }

    @Test func aTemporaryFileIsTrackedForTheSignalHandlerOnlyWhileItExists() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.csv"
        for keep in [true, false] {
            let file = try StreamedAtomicFile(path: path)
            let temporary = try #require(names().first { $0.hasPrefix("out.csv.tmp-\(getpid())-") })
            #expect(TemporaryFile.isTracked(directory + "/" + temporary))
            if keep { try file.commit() } else { file.abandon() }
            #expect(!TemporaryFile.isTracked(directory + "/" + temporary))
        }
        #expect(names() == ["out.csv"])
    }

    @Test func theHandlersRemovalUnlinksATrackedTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Within this test's directory: other tests' files may be tracked meanwhile.
        let temporary = try TemporaryFile(for: directory + "/snapshot.json", mode: 0o600)
        #expect(names().count == 1 && TemporaryFile.isTracked(temporary.path))
        TemporaryFile.removeTracked(within: directory + "/")
        #expect(names().isEmpty)
        temporary.discard()
        #expect(!TemporaryFile.isTracked(temporary.path))
    }
}
