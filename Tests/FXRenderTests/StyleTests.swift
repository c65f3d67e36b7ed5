import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("Style")
struct StyleTests {
    static let decisions: [(isTerminal: Bool, flag: Bool, environment: [String: String], color: Bool)] = [
        (true, false, [:], true),
        (true, false, ["TERM": "xterm-256color"], true),
        (true, false, ["NO_COLOR": ""], true),
        (true, false, ["NO_COLOR": "1"], false),
        (true, false, ["TERM": "dumb"], false),
        (true, true, [:], false),
        (false, false, [:], false),
        (false, false, ["TERM": "xterm-256color"], false),
    ]

    @Test(arguments: decisions)
    func colourOnlyForATerminalThatAllowsIt(isTerminal: Bool, flag: Bool, environment: [String: String], color: Bool) {
        #expect(Style.decide(isTerminal: isTerminal, noColorFlag: flag, environment: environment).color == color)
    }

    @Test
    func withoutColourTheTextIsUntouched() {
        let style = Style(color: false)
        for paint in [style.dim, style.bold, style.red, style.green, style.yellow] {
            #expect(paint("x") == "x")
        }
    }

    @Test
    func withColourTheTextIsWrappedInSGRAndReset() {
        let style = Style(color: true)
        #expect(style.red("x") == "\u{1B}[31mx\u{1B}[0m")
        #expect(style.bold("x") == "\u{1B}[1mx\u{1B}[0m")
        #expect(style.dim("x") == "\u{1B}[2mx\u{1B}[0m")
    }

    @Test
    func renderedAnswersCarryEscapesOnlyWithColourOn() throws {
        let outcome = Outcome.conversion(RenderFixtures.conversion(100, "USD", to: ["EUR"]))
        let colored = try #require(TextRenderer(style: Style(color: true), showProvenance: true).render(outcome, now: RenderFixtures.now))
        let plain = try #require(TextRenderer(style: Style(color: false), showProvenance: true).render(outcome, now: RenderFixtures.now))
        #expect(colored.contains("\u{1B}["))
        #expect(colored.contains("\u{1B}[1m89.51 EUR\u{1B}[0m"))
        #expect(!plain.contains("\u{1B}"))
        #expect(
            colored.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[2m", with: "")
                .replacingOccurrences(of: "\u{1B}[0m", with: "") == plain)
    }
}
