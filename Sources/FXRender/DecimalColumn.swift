/// Numbers in a column, lined up on their decimal points: each padded to the widest integer
/// part on the left and the widest fraction on the right.
struct DecimalColumn {
    let integerWidth: Int
    let fractionWidth: Int

    init(_ numbers: [String]) {
        integerWidth = numbers.map { $0.prefix { $0 != "." }.count }.max() ?? 0
        fractionWidth = numbers.map { $0.drop { $0 != "." }.count }.max() ?? 0
    }

    func aligned(_ number: String) -> String {
        let integer = number.prefix { $0 != "." }.count, fraction = number.count - integer
        return String(repeating: " ", count: max(0, integerWidth - integer)) + number
            + String(repeating: " ", count: max(0, fractionWidth - fraction))
    }
}
