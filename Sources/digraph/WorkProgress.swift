import Foundation

/// Long work said on a terminal: its message, then a counter of seconds updated in place, cleared
/// when the work ends. Off a terminal (a pipe, a CI log) nothing is printed, except the one line of
/// work `announcedOffTerminal` (a layout of minutes is worth a line in a log, a counter is not).
/// `after`: work that ends sooner says nothing at all.
final class WorkProgress: @unchecked Sendable {
    private let message: String
    private let onTerminal = isatty(STDERR_FILENO) == 1
    private let condition = NSCondition()
    private var done = false
    private var shown = false
    private var thread: Thread?

    init(_ message: String, announcedOffTerminal: Bool = false, after delay: TimeInterval = 0) {
        self.message = message
        guard onTerminal else {
            if announcedOffTerminal { printToStandardError(message + "\n") }
            return
        }
        let started = Date()
        thread = Thread { [self] in
            condition.lock()
            defer { condition.unlock() }
            if delay > 0 { _ = condition.wait(until: started.addingTimeInterval(delay)) }
            guard !done else { return }
            shown = true
            printToStandardError(message)
            while !done {
                _ = condition.wait(until: Date().addingTimeInterval(1))
                if !done { printToStandardError("\r\(message) \(Int(Date().timeIntervalSince(started))) s") }
            }
        }
        thread?.start()
    }

    func finish() {
        guard onTerminal else { return }
        condition.lock()
        done = true
        condition.signal()
        let clear = shown
        condition.unlock()
        if clear { printToStandardError("\r\u{1B}[K") }
    }
}
