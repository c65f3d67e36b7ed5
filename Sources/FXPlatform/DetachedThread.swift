#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for one blocking job (FoundationEssentials has no `Thread`).
public enum DetachedThread {
    private final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread (here, should no thread be had).
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, job)
        if status == 0, let thread { pthread_detach(thread) }
        #else
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, job)
        if status == 0 { pthread_detach(thread) }
        #endif
        // No thread to be had: run here rather than never.
        if status != 0 { Unmanaged<Job>.fromOpaque(job).takeRetainedValue().body() }
    }
}
