#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an async body to completion on the calling thread. The body's task prefers this
/// executor, and so do the default actors it calls (the rate service, the stores), so an
/// answer from the cache never starts the concurrency runtime's thread pool. Measured alone, the
/// global executor instead costs a one-shot answer wall time and CPU in threads and epoll set-up,
/// though hardly more instructions in the main thread (Benchmarks/README.md, "What each fast
/// path is worth").
/// Work that blocks (the network helper) waits on threads of its own and resumes here.
///
/// The preference reaches child tasks (`async let`, task groups) but not an unstructured
/// `Task {}`, which runs on the global pool: code on the answer path must not start one, or the
/// pool starts after all (and the work it does is not waited for by `run`).
public final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    // pthread objects must not move once initialised, so they live on the heap, not inline in
    // the class (whose stored properties Swift may access through temporary copies).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [UnownedJob] = []
    private var finished = false

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The body's result, once it and every job it enqueued here have run.
    public static func run<Result: Sendable>(_ body: sending @escaping () async -> Result) -> Result {
        let executor = CallingThreadExecutor()
        let box = ResultBox<Result>()
        Task(executorPreference: executor) {
            box.value = await body()
            executor.finish()
        }
        executor.drain()
        return box.value!
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    private func finish() {
        pthread_mutex_lock(mutex)
        finished = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs jobs as they come until the body has finished.
    private func drain() {
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !finished { pthread_cond_wait(condition, mutex) }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            let done = finished && batch.isEmpty
            pthread_mutex_unlock(mutex)
            if done { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// Written by the body's task before `finish`, read by the draining thread after it.
    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }
}
