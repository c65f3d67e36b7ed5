import Foundation

/// Checks fx's JSON against `Documentation/fx.schema.json`, with the JSON Schema keywords that
/// schema uses (`$ref` within the file, `type`, `properties`, `required`, `additionalProperties`,
/// `items`, `pattern`, `enum`, `const`, `anyOf`, `allOf`, `minLength`, `minProperties`). No
/// mirrored package validates JSON Schema, and this subset is all the schema needs: a keyword it
/// does not know fails the check rather than passing silently.
public struct JSONSchemaCheck: Sendable {
    private let root: ParsedJSON

    /// The repository's schema.
    public static let fx: JSONSchemaCheck = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Documentation/fx.schema.json")
        guard let data = FileManager.default.contents(atPath: url.path), let schema = try? ParsedJSON.parse(data) else {
            fatalError("unreadable schema \(url.path)")
        }
        return JSONSchemaCheck(schema: schema)
    }()

    public init(schema: ParsedJSON) { root = schema }

    /// What is wrong with one document (one line of output): empty when it follows the schema.
    public func problems(in text: String) -> [String] {
        guard let document = try? ParsedJSON.parse(Data(text.utf8)) else { return ["not JSON: \(text.prefix(200))"] }
        return problems(document, against: root, at: "$")
    }

    /// Each line of `output` that is not a document of the schema, with its problems.
    public func problems(inLines output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: true).flatMap { line in
            problems(in: String(line)).map { "\($0)  in: \(line.prefix(300))" }
        }
    }

    private static let known: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties", "required", "additionalProperties",
        "items", "pattern", "enum", "const", "anyOf", "allOf", "minLength", "minProperties",
    ]

    private func problems(_ value: ParsedJSON, against schema: ParsedJSON, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return schema == .bool(true) ? [] : ["\(path): schema is not an object"] }
        var found: [String] = []
        for (keyword, _) in keywords where !Self.known.contains(keyword) { found.append("\(path): unknown schema keyword \(keyword)") }
        let rule = Dictionary(keywords, uniquingKeysWith: { first, _ in first })
        if case .string(let reference)? = rule["$ref"] {
            guard let target = resolve(reference) else { return ["\(path): unresolved $ref \(reference)"] }
            found += problems(value, against: target, at: path)
        }
        if case .array(let options)? = rule["allOf"] {
            for option in options { found += problems(value, against: option, at: path) }
        }
        if case .array(let options)? = rule["anyOf"] {
            let results = options.map { problems(value, against: $0, at: path) }
            if !results.contains(where: \.isEmpty) {
                // The branch that came nearest says what is wrong.
                found += results.min { $0.count < $1.count } ?? ["\(path): matches no choice"]
            }
        }
        if let type = rule["type"] {
            let names: [String] =
                switch type {
                case .string(let name): [name]
                case .array(let items): items.compactMap { if case .string(let name) = $0 { name } else { nil } }
                default: []
                }
            if !names.contains(where: value.isOfType) {
                return found + ["\(path): expected \(names.joined(separator: " or ")), found \(value.typeName)"]
            }
        }
        if let constant = rule["const"], constant != value { found.append("\(path): expected \(constant.text), found \(value.text)") }
        if case .array(let choices)? = rule["enum"], !choices.contains(value) {
            found.append("\(path): \(value.text) is none of \(choices.map(\.text).joined(separator: ", "))")
        }
        if case .string(let text) = value {
            if case .number(let minimum)? = rule["minLength"], let count = Int(minimum), text.count < count {
                found.append("\(path): shorter than \(count)")
            }
            if case .string(let pattern)? = rule["pattern"], text.range(of: pattern, options: .regularExpression) == nil {
                found.append("\(path): \(value.text) does not match \(pattern)")
            }
        }
        if case .array(let items) = value, let itemSchema = rule["items"] {
            for (index, item) in items.enumerated() { found += problems(item, against: itemSchema, at: "\(path)[\(index)]") }
        }
        if case .object(let members) = value {
            found += objectProblems(members, rule: rule, at: path)
        }
        return found
    }

    private func objectProblems(_ members: [(String, ParsedJSON)], rule: [String: ParsedJSON], at path: String) -> [String] {
        var found: [String] = []
        var properties: [String: ParsedJSON] = [:]
        if case .object(let declared)? = rule["properties"] { properties = Dictionary(declared, uniquingKeysWith: { first, _ in first }) }
        let keys = members.map(\.0)
        if Set(keys).count != keys.count { found.append("\(path): a key appears twice") }
        if case .array(let required)? = rule["required"] {
            for case .string(let key) in required where !keys.contains(key) { found.append("\(path): missing \(key)") }
        }
        if case .number(let minimum)? = rule["minProperties"], let count = Int(minimum), keys.count < count {
            found.append("\(path): fewer than \(count) members")
        }
        for (key, member) in members {
            if let schema = properties[key] {
                found += problems(member, against: schema, at: "\(path).\(key)")
            } else if let extra = rule["additionalProperties"] {
                if extra == .bool(false) {
                    found.append("\(path): unexpected key \(key)")
                } else {
                    found += problems(member, against: extra, at: "\(path).\(key)")
                }
            }
        }
        return found
    }

    private func resolve(_ reference: String) -> ParsedJSON? {
        guard reference.hasPrefix("#/") else { return nil }
        var node = root
        for part in reference.dropFirst(2).split(separator: "/") {
            guard case .object(let members) = node, let next = members.first(where: { $0.0 == part })?.1 else { return nil }
            node = next
        }
        return node
    }
}
