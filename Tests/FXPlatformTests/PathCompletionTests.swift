import FXPlatform
import Foundation
import Testing

/// `Paths.completions`: what TAB offers for a path typed so far, `~` read as the home directory.
@Suite struct PathCompletionTests {
    @Test
    func completesFilesAndDirectoriesAsTyped() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("fx-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let downloads = home.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: downloads.appendingPathComponent("statements"), withIntermediateDirectories: true)
        for name in ["statement.csv", "other.csv", ".hidden.csv"] {
            try Data("a\n".utf8).write(to: downloads.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(
            at: downloads.appendingPathComponent("stlink"), withDestinationURL: downloads.appendingPathComponent("statements"))

        #expect(Paths.completions(of: "~/Downloads/sta", home: home.path) == ["~/Downloads/statement.csv", "~/Downloads/statements/"])
        #expect(
            Paths.completions(of: "~/Downloads/st", home: home.path) == [
                "~/Downloads/statement.csv", "~/Downloads/statements/", "~/Downloads/stlink/",
            ])
        #expect(Paths.completions(of: "~/Down", home: home.path) == ["~/Downloads/"])
        #expect(Paths.completions(of: "~/Downloads/", home: home.path).count == 4)
        #expect(Paths.completions(of: "~/Downloads/.h", home: home.path) == ["~/Downloads/.hidden.csv"])
        #expect(Paths.completions(of: downloads.path + "/oth", home: nil) == [downloads.path + "/other.csv"])
        #expect(Paths.completions(of: "~", home: home.path) == ["~/"])
        #expect(Paths.completions(of: "~/Downloads/sta", home: nil) == [])
        #expect(Paths.completions(of: "/no/such/dir/x", home: nil) == [])
    }
}
