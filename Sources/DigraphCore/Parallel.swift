import Foundation

/// Independent pieces of work spread over the cores, their results kept in order.
public enum Parallel {
    /// `body(0) ... body(count - 1)`, each run once on one of `min(cores, count)` threads, the results
    /// in index order. The work recurses once per level of a tree (parsing, type walks), so it runs
    /// on threads with a stack of a known size, by default a main thread's (a dispatch worker has
    /// 512 KB).
    public static func map<Result: Sendable>(count: Int, stackSize: Int = 8 << 20, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
        let results = Results<Result>(count: count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        let done = DispatchGroup()
        for _ in 0..<workers {
            done.enter()
            let thread = Thread {
                while let index = results.next() { results.set(index, body(index)) }
                done.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
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

    /// Drops `value` on a thread of its own. Freeing a big tree node by node takes as long as a rule,
    /// and the caller has more work to do; the caller must hold no other reference to it.
    public static func release<Value>(_ value: consuming Value) {
        let box = Box(value)
        let thread = Thread { box.value = nil }
        thread.stackSize = 8 << 20
        thread.start()
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
