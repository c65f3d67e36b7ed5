/// The JSON contract: every document fx writes (`--json` answers and errors, `history … json`,
/// `history --format json`) is an object whose first member names the version of
/// `Documentation/fx.schema.json` it follows. A change that renames or removes a key, or changes
/// a shape, raises the version.
public enum JSONDocument {
    /// The version of the schema, `"schema_version": 1`.
    public static let schemaVersion = 1

    /// `value` as one line, the version first.
    public static func text(_ value: JSONValue) -> String {
        guard case .object(let members) = value else { return value.serialized }
        return JSONValue.object([("schema_version", .int(schemaVersion))] + members).serialized
    }
}
