import FXTestSupport
import Foundation
import Testing

extension PromptTerminalTests {
    /// TAB after `csv` at the real prompt completes a path from `~`, into a directory without a space.
    @Test func tabCompletesAFilePathAfterCSV() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let downloads = fx.home.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try Data("Date,Amount,Currency\n".utf8).write(to: downloads.appendingPathComponent("statement.csv"))
        let terminal = try start(fx)
        defer { terminal.close() }
        try terminal.send("csv ~/Down", "Tab")
        try terminal.waitFor { $0.contains("fx> csv ~/Downloads/") }
        try terminal.send("sta", "Tab", "x")
        let screen = try terminal.waitFor { $0.contains(".csv x") }
        #expect(screen.contains("fx> csv ~/Downloads/statement.csv x"), "\(screen)")
    }
}
