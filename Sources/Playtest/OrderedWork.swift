import Dispatch
import Foundation
import Synchronization

/// How many threads play: `--jobs N` of `edujam test`, `fuzz` and `check`.
public enum Jobs {
    /// The most threads a command may ask for: far more than any machine it runs on has
    /// cores (each thread holds a sandbox and a store, and past the cores more threads only
    /// share them), so that a slip such as `--jobs 100000` is refused rather than obeyed.
    public static let maximum = 256

    /// This machine's cores (those this process may use), within 1...``maximum``: the commands' default.
    public static var cores: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximum) }
}

/// Numbered tasks run on several threads, their outputs handed back in number order on
/// the calling thread: what lets `edujam test`, `fuzz` and `check` use every core and
/// still print the same thing, in the same order, whatever the number of threads.
///
/// Each thread makes its own worker state (a game with its own store; every run has its
/// own sandbox) and keeps it for its life, so nothing mutable is shared but the queue of
/// task numbers and the finished outputs, both behind one lock. Threads claim batches of
/// consecutive numbers, in increasing order, so a thread never sees a task numbered below
/// one it already ran. The calling thread is one of the `jobs` threads: between its own
/// batches it delivers whatever is next in order, and it sleeps only once no batch is left
/// to claim. So `jobs` threads share `jobs` cores, with no third thread to wake for every
/// batch and taking a core from a worker each time.
///
/// With one job there is no thread at all: each task runs on the calling thread and is
/// delivered before the next starts, exactly as a plain loop would.
public enum OrderedWork {
    /// Runs tasks `0..<count` and delivers their outputs in order.
    /// - Parameters:
    ///   - count: how many tasks.
    ///   - jobs: how many threads (at most ``Jobs/maximum``, and never more than there are batches).
    ///   - batch: consecutive tasks a thread claims at once; more for tasks of microseconds,
    ///     so the lock and the wake-ups cost nothing beside them.
    ///   - deadline: once passed, no task starts. The outputs delivered are then the tasks
    ///     `0..<n` for some n, with no gap: whatever ran past a task that did not run is
    ///     dropped, so what was delivered is always a prefix, as a sequential run would leave.
    ///   - worker: makes one thread's state, on that thread.
    ///   - task: runs task `index` with the thread's state.
    ///   - waiting: called on the calling thread with the index of the task it waits for
    ///     (to show progress): before it runs a batch of its own or sleeps; with one job,
    ///     before each task.
    ///   - deliver: called on the calling thread with each output, in index order.
    /// - Returns: how many tasks were delivered (`count` unless the deadline passed).
    @discardableResult
    public static func run<Worker, Output: Sendable>(
        count: Int, jobs: Int, batch: Int = 1, deadline: ContinuousClock.Instant? = nil,
        worker: @escaping @Sendable () -> Worker,
        task: @escaping @Sendable (inout Worker, Int) -> Output,
        waiting: (Int) -> Void = { _ in },
        deliver: (Int, Output) -> Void
    ) -> Int {
        let batch = max(1, batch)
        let threads = min(max(1, jobs), Jobs.maximum, (count + batch - 1) / batch)
        guard threads > 1 else {
            return sequentially(count: count, deadline: deadline, worker: worker, task: task, waiting, deliver)
        }
        let shared = Shared<Output>()
        let helpers = threads - 1
        for _ in 0..<helpers {
            let thread = Thread {
                var state = worker()
                while let range = shared.claim(batch: batch, count: count, deadline: deadline) {
                    shared.finish(range.lowerBound, run(range, &state, task, deadline), signal: true)
                }
                shared.leave()
            }
            // As much stack as the main thread has: a game runs here as it would there.
            thread.stackSize = 8 << 20
            thread.start()
        }
        var state = worker()
        var claiming = true
        var delivered = 0
        while delivered < count {
            switch shared.take(delivered, threads: helpers) {
            case .outputs(let outputs):
                for output in outputs {
                    deliver(delivered, output)
                    delivered += 1
                }
                // A short batch was cut by the deadline: the task after it never ran.
                if outputs.count < min(batch, count - (delivered - outputs.count)) {
                    shared.waitForAll(helpers)
                    return delivered
                }
            case let pending:  // not there yet, or never will be from the helpers
                if claiming {
                    if let range = shared.claim(batch: batch, count: count, deadline: deadline) {
                        // Its own batch goes into the table like the others', with no one to wake.
                        waiting(delivered)
                        shared.finish(range.lowerBound, run(range, &state, task, deadline), signal: false)
                    } else {
                        claiming = false  // all claimed: from now on it only waits for the helpers
                    }
                    continue
                }
                if case .never = pending {
                    shared.waitForAll(helpers)
                    return delivered
                }
                waiting(delivered)
                shared.ready.wait()
            }
        }
        shared.waitForAll(helpers)
        return delivered
    }

    /// Runs the tasks of one claimed batch, stopping early once `deadline` passes.
    private static func run<Worker, Output>(
        _ range: Range<Int>, _ state: inout Worker, _ task: (inout Worker, Int) -> Output,
        _ deadline: ContinuousClock.Instant?
    ) -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(range.count)
        for index in range {
            if let deadline, ContinuousClock.now >= deadline { break }
            outputs.append(task(&state, index))
        }
        return outputs
    }

    private static func sequentially<Worker, Output>(
        count: Int, deadline: ContinuousClock.Instant?, worker: () -> Worker, task: (inout Worker, Int) -> Output,
        _ waiting: (Int) -> Void, _ deliver: (Int, Output) -> Void
    ) -> Int {
        var state = worker()
        for index in 0..<count {
            if let deadline, ContinuousClock.now >= deadline { return index }
            waiting(index)
            deliver(index, task(&state, index))
        }
        return count
    }

    /// What the threads and the caller share: the next task to claim, the finished batches
    /// by their first index, and how many threads have stopped. Only under `state`'s lock.
    private final class Shared<Output: Sendable>: Sendable {
        struct State {
            var next = 0
            var cancelled = false
            var finished: [Int: [Output]] = [:]
            var stopped = 0
        }

        enum Taken {
            case outputs([Output])
            /// Not there yet: wait on ``ready``.
            case notYet
            /// Every thread stopped without it (the deadline passed).
            case never
        }

        let state = Mutex(State())
        /// Signalled whenever a helper finishes a batch or stops.
        let ready = DispatchSemaphore(value: 0)

        func claim(batch: Int, count: Int, deadline: ContinuousClock.Instant?) -> Range<Int>? {
            if let deadline, ContinuousClock.now >= deadline { return nil }
            return state.withLock { state in
                guard !state.cancelled, state.next < count else { return nil }
                let start = state.next
                state.next = min(start + batch, count)
                return start..<state.next
            }
        }

        /// Files a finished batch; `signal` wakes the calling thread, unless it ran the batch itself.
        func finish(_ start: Int, _ outputs: [Output], signal: Bool) {
            state.withLock { $0.finished[start] = outputs }
            if signal { ready.signal() }
        }

        func leave() {
            state.withLock { $0.stopped += 1 }
            ready.signal()
        }

        func cancel() { state.withLock { $0.cancelled = true } }

        func take(_ start: Int, threads: Int) -> Taken {
            state.withLock { state in
                if let outputs = state.finished.removeValue(forKey: start) { return .outputs(outputs) }
                return state.stopped == threads ? .never : .notYet
            }
        }

        /// Returns once every thread has stopped, so no task outlives the call.
        func waitForAll(_ threads: Int) {
            cancel()
            while state.withLock({ $0.stopped }) < threads { ready.wait() }
        }
    }
}
