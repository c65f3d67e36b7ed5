import FXRates
import FXTestSupport
import Foundation
import Testing

/// `sources enable|disable` from 54 fx processes at once: each edit reads, changes and replaces
/// `config.json` under its lock (`config.lock`), so no process's edit is lost to another's and
/// what the user wrote stays.
@Suite(.serialized) struct ConfigContentionTests {
    static let sources = ["ecb", "frankfurter", "boc", "oxr", "dunamu", "nasdaq"]

    @Test func parallelEditsOfDifferentSourcesAllStay() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let directory = fx.home.appendingPathComponent("config/fx")
        let config = directory.appendingPathComponent("config.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"timeout": 9, "sources": {"oxr": {"app_id": "kept-key", "enabled": true}}}"#.utf8).write(to: config)
        // A key others can read draws a warning; these runs must print nothing.
        chmod(config.path, 0o600)

        for round in 1...6 {
            // Every process edits one source three times and ends on `last`; nine processes per
            // source, 54 in all. Script mode: each waits on its input until all have started, then all edit at once.
            let (first, last) = round % 2 == 1 ? ("disable", "enable") : ("enable", "disable")
            let jobs = Array(repeating: Self.sources, count: 9).joined().map { id in
                ContentionTests.Job(arguments: [], stdin: "sources \(last) \(id)\nsources \(first) \(id)\nsources \(last) \(id)\n")
            }
            for run in try ContentionTests.runAll(jobs, fx: fx, round: round) {
                #expect(run.status == 0 && run.stderr == "", "round \(round): \(run.stderr)")
            }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: config)) as? [String: Any], "round \(round)")
            #expect(object["timeout"] as? Int == 9, "round \(round)")
            let sources = try #require(object["sources"] as? [String: [String: Any]], "round \(round)")
            #expect(sources["oxr"]?["app_id"] as? String == "kept-key", "round \(round)")
            for id in Self.sources {
                #expect(sources[id]?["enabled"] as? Bool == (last == "enable"), "round \(round): \(id) lost an edit: \(sources)")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(names == ["config.json", "config.lock"], "round \(round): \(names)")
        }
    }
}
