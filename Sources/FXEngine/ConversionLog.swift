import FXAnswers

/// Where answered conversions and rate lookups are kept for bare `history`.
public protocol ConversionLog: Sendable {
    /// Adds `entries` after those kept. A problem comes back as the text of one warning line,
    /// never as an error: the answer it records has been given already.
    @discardableResult func append(_ entries: [ConversionLogEntry]) -> String?
    /// What is kept, oldest first.
    func entries() -> [ConversionLogEntry]
}
