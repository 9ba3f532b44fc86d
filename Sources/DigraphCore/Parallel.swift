import Foundation

/// Independent pieces of work spread over the cores, their results kept in order.
public enum Parallel {
    /// `body(0) ... body(count - 1)`, each run once on one of `min(cores, count)` threads, the results
    /// in index order. The work recurses once per level of a tree (parsing, type walks), so it runs
    /// on threads with a stack of a known size, by default a main thread's (a dispatch worker has
    /// 512 KB).
    public static func map<Result: Sendable>(count: Int, stackSize: Int = 8 << 20, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
        let results = Results<Result>(count: count)
        let done = DispatchGroup()
        let work: @Sendable () -> Void = {
            while let index = results.next() { results.set(index, body(index)) }
        }
        var started = 0
        for _ in 0..<max(1, min(ProcessInfo.processInfo.activeProcessorCount, count)) {
            guard workers.take() else { break }
            done.enter()
            guard
                start(
                    stackSize: stackSize,
                    {
                        work()
                        workers.give()
                        done.leave()
                    })
            else {
                workers.give()
                done.leave()
                break
            }
            started += 1
        }
        // Every core busy (a nested map), or out of address space for one more stack (`ulimit -v`):
        // the threads that did start share the work; with none, the caller does it (a nested call
        // runs on a worker, with the same stack). Waiting on a thread that never started would hang.
        if started == 0 { work() }
        done.wait()
        return results.all
    }

    /// `0..<count` cut into consecutive ranges of `size` (the last may be shorter), each handed to
    /// `body` as in `map(count:)`, the results in the order of the ranges.
    public static func map<Result: Sendable>(
        slicesOf count: Int, size: Int, stackSize: Int = 8 << 20,
        _ body: @escaping @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        map(count: (count + size - 1) / size, stackSize: stackSize) { slice in body(slice * size..<min((slice + 1) * size, count)) }
    }

    /// The workers alive in the process, at most one per core: nested maps (`diff` imports two
    /// sides, each side its builds, each build its files) share the cores instead of each starting
    /// threads of their own, whose 64 MB stacks once ran a 400 MB address space out.
    private static let workers = WorkerBudget(limit: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private final class WorkerBudget: @unchecked Sendable {
        private let lock = NSLock()
        private let limit: Int
        private var alive = 0

        init(limit: Int) { self.limit = limit }

        /// One more worker, when a core is free for it.
        func take() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard alive < limit else { return false }
            alive += 1
            return true
        }

        func give() {
            lock.lock()
            alive -= 1
            lock.unlock()
        }
    }

    /// Drops `value` on a thread of its own. Freeing a big tree node by node takes as long as a rule,
    /// and the caller has more work to do; the caller must hold no other reference to it.
    public static func release<Value>(_ value: consuming Value) {
        let box = Box(value)
        if !start(stackSize: 8 << 20, { box.value = nil }) { box.value = nil }
    }

    /// Runs `body` on a new thread with `stackSize` bytes of stack; false, and `body` not run, when the
    /// system refuses the thread. Foundation's `Thread.start()` gives no such answer.
    private static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        #if canImport(Glibc)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackSize)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            let context = Unmanaged.passRetained(Work(body)).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                    return nil
                }, context)
            if status != 0 { Unmanaged<Work>.fromOpaque(context).release() }
            return status == 0
        #else
            let thread = Thread(block: body)
            thread.stackSize = stackSize
            thread.start()
            return true
        #endif
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
        init(_ value: Value) { self.value = value }
    }

    private final class Results<Result>: @unchecked Sendable {
        private var values: [Result?]
        private let lock = NSLock()
        private var taken = 0

        init(count: Int) { values = Array(repeating: nil, count: count) }

        /// The next index to work on, nil when every one is taken.
        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard taken < values.count else { return nil }
            taken += 1
            return taken - 1
        }

        func set(_ index: Int, _ value: Result) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }

        var all: [Result] { values.map { $0! } }
    }
}
