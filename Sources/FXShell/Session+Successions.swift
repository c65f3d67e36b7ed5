import FXAnswers
import FXRates
import FXRender

extension Session {
    /// `note: ANG (Netherlands Antillean Guilder) was replaced at par by XCG (Caribbean Guilder) on
    /// 2025-03-31` on stderr when an answer names a replaced code, each once. Whether anything was said (the quick
    /// lane then learns nothing from the line, so that every line naming it says so).
    func noteSuccessions(_ outcome: Outcome) -> Bool {
        guard !presentation.json else { return false }
        var said = Set<CurrencyCode>()
        for code in outcome.answerQuotes.flatMap({ [$0.from, $0.to] }) {
            guard let succession = Succession.of(code), said.insert(code).inserted else { continue }
            out.flush()
            err.write("note: " + Messages.text(for: succession) + "\n")
        }
        return !said.isEmpty
    }
}
