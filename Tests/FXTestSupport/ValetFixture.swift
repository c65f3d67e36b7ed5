import Foundation
import FXRates

/// Valet group responses for any span, made from the real `FX_RATES_DAILY` capture (five days of
/// March 2026): each Bank of Canada business day gets one of the five real observations, chosen by
/// the day, so every request answers the same for the same day.
public enum ValetFixture {
    /// The real capture (15 KB), parsed at each use: `[String: Any]` cannot be a shared constant.
    private static var capture: [String: Any] {
        try! JSONSerialization.jsonObject(with: sharedFixture("boc/fx-rates-daily-group.json")) as! [String: Any]
    }

    private static var observations: [[String: Any]] { capture["observations"] as! [[String: Any]] }

    /// The body Valet sends for `observations/group/FX_RATES_DAILY/json?start_date=…&end_date=…`.
    public static func group(from start: Day, through end: Day) -> Data {
        let observations = observations
        var list: [[String: Any]] = []
        var day = start
        while day <= end {
            if BankOfCanadaCalendar.isBusinessDay(day) {
                var observation = observations[day.ordinal % observations.count]
                observation["d"] = day.description
                list.append(observation)
            }
            day = day.adding(days: 1)
        }
        var body = capture
        body["observations"] = list
        return try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// The published value of `series` (such as FXUSDCAD, CAD per USD) on a business `day`.
    public static func value(_ series: String, on day: Day) -> String? {
        (observations[day.ordinal % observations.count][series] as? [String: String])?["v"]
    }

    /// `start_date` and `end_date` of a request path, when both are there.
    public static func span(of path: String) -> ClosedRange<Day>? {
        guard let query = URLComponents(string: path)?.queryItems,
            let start = query.first(where: { $0.name == "start_date" })?.value.flatMap(Day.init(iso:)),
            let end = query.first(where: { $0.name == "end_date" })?.value.flatMap(Day.init(iso:)), start <= end
        else { return nil }
        return start...end
    }
}
