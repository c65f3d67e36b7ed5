/// A response as the server sent it: status, headers (names lower-cased, repeated ones joined
/// with ", " as RFC 9110 allows), and the body as decoded from any content encoding.
public struct FetchResponse: Equatable, Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = []
        self.body = body
        for (name, value) in headers { add(name, value) }
    }

    public func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name == name }?.value
    }

    mutating func add(_ name: String, _ value: String) {
        let name = name.lowercased()
        if let index = headers.firstIndex(where: { $0.name == name }) {
            headers[index].value += ", " + value
        } else {
            headers.append((name, value))
        }
    }

    public static func == (lhs: FetchResponse, rhs: FetchResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}
