/// A one-line progress mark on the terminal while a slow command waits on the network;
/// erased before the answer is printed, so nothing of it stays in the scrollback.
final class Spinner: Sendable {
    private let task: Task<Void, Never>
    private let output: any TextOutput

    init(_ label: String, output: any TextOutput) {
        self.output = output
        task = Task {
            let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            var index = 0
            // A quick answer shows no spinner at all.
            try? await Task.sleep(nanoseconds: 150_000_000)
            while !Task.isCancelled {
                output.write("\r\(frames[index % frames.count]) \(label)")
                index += 1
                try? await Task.sleep(nanoseconds: 80_000_000)
            }
        }
    }

    func stop() async {
        task.cancel()
        await task.value
        output.write("\r\u{1B}[K")
    }
}
