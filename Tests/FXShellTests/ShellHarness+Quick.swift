import FXRates
import FXShell
import FXTestSupport
import Testing

extension ShellHarness {
    /// `lines` run as a script through the general path and through the quick lane; the lane's
    /// session, once both printed the same bytes on stdout and stderr with the same status.
    static func quickMatchesGeneral(_ lines: [String], sources: [any RateSource]? = nil) async -> ShellHarness {
        let general = ShellHarness(sources: sources)
        let generalStatus = await Modes.script(ScriptedLines(lines), session: general.session, failFast: false)
        let quick = ShellHarness(sources: sources, quickLane: true)
        let quickStatus = await Modes.script(ScriptedLines(lines), session: quick.session, failFast: false)
        #expect(quick.out.text == general.out.text)
        #expect(quick.err.text == general.err.text)
        #expect(quickStatus == generalStatus)
        return quick
    }
}
