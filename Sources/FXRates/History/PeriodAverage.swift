/// The arithmetic mean of a pair's daily rates over a period, with what it rests on.
public struct PeriodAverage: Sendable, Equatable {
    /// The period's first calendar day: a price file dates the mean here, so that every
    /// transaction within the period finds it as the latest price on or before its date.
    public let start: Day
    /// `2024-03` for a month, `2024` for a year.
    public let label: String
    /// Mean, minimum, maximum and the count of publications; the mean is the sum divided by the
    /// count, each rate carried to 24 decimal places (`SeriesSum`).
    public let statistics: SeriesStatistics

    public init(start: Day, label: String, statistics: SeriesStatistics) {
        self.start = start
        self.label = label
        self.statistics = statistics
    }

    /// One average per calendar month (`yearly` false) or year of `points`, oldest first.
    public static func group(_ points: [RatePoint], yearly: Bool) -> [PeriodAverage] {
        var averages: [PeriodAverage] = []
        var index = points.startIndex
        while index < points.endIndex {
            let (year, month, _) = points[index].day.components
            let start = Day(year: year, month: yearly ? 1 : month, day: 1)!
            let next = yearly ? start.addingMonths(12) : start.addingMonths(1)
            let end = points[index...].firstIndex { $0.day >= next } ?? points.endIndex
            let label = yearly ? "\(year)" : String(start.description.prefix(7))
            averages.append(PeriodAverage(start: start, label: label, statistics: SeriesStatistics(Array(points[index..<end]))!))
            index = end
        }
        return averages
    }
}
