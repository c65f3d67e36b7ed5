#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an async body to completion on the calling thread. The body's task prefers this
/// executor, and so do the default actors it calls (the rate service, the stores), so an
/// answer from the cache never starts the concurrency runtime's thread pool: on Linux that
/// pool costs about half a millisecond of threads and epoll set-up, a tenth of a one-shot answer.
/// Work that blocks (the network helper) waits on threads of its own and resumes here.
public final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var jobs: [UnownedJob] = []
    private var finished = false

    private init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
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
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    private func finish() {
        pthread_mutex_lock(&mutex)
        finished = true
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Runs jobs as they come until the body has finished.
    private func drain() {
        while true {
            pthread_mutex_lock(&mutex)
            while jobs.isEmpty && !finished { pthread_cond_wait(&condition, &mutex) }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            let done = finished && batch.isEmpty
            pthread_mutex_unlock(&mutex)
            if done { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// Written by the body's task before `finish`, read by the draining thread after it.
    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }
}
