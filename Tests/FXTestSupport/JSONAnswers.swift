import Foundation

/// Each answer of `--json` output, for tests about values rather than shape: a document's list of
/// targets (`conversions`, `rates`, `results`, `histories`, `averages`) gives one dictionary per
/// target, each with the document's own members too (`amount`, `from`, `base`, `date_typed`, …);
/// any other document (an error, `sources`) is itself. The shape is the schema's to check.
public func jsonAnswers(_ output: String) -> [[String: Any]] {
    output.split(separator: "\n").flatMap { line -> [[String: Any]] in
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return [] }
        for key in ["conversions", "rates", "results", "histories", "averages"] {
            guard let items = object[key] as? [[String: Any]] else { continue }
            let outer = object.filter { $0.key != key }
            return items.map { item in outer.merging(item) { _, inner in inner } }
        }
        return [object]
    }
}

/// The first answer of `--json` output (see `jsonAnswers`).
public func jsonAnswer(_ output: String) -> [String: Any]? {
    jsonAnswers(output).first
}
