import CFetch

/// HTTP-dates, read by libcurl (which reads them for cookies and `If-Modified-Since` already).
enum HTTPDate {
    static func unixSeconds(_ text: String) -> Int? {
        let time = curl_getdate(text, nil)
        return time == -1 ? nil : Int(time)
    }
}
