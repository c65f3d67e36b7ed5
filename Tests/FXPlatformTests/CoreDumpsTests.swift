import FXPlatform
import Testing

/// A process holding an API key leaves no core file (issue 34): `CoreDumps.refuse` turns dumping off.
@Suite struct CoreDumpsTests {
    @Test func refusingTurnsDumpingOff() {
        // Where the system cannot tell (not Linux), there is nothing to check.
        guard CoreDumps.allowed != nil else { return }
        CoreDumps.refuse()
        #expect(CoreDumps.allowed == false)
    }
}
