import Foundation

/// Tells, at the moment a reader crashes, which journal slot belongs to the crashing thread, so
/// the next start blames that one file and not every file other threads were reading meanwhile.
///
/// A fault (a Swift trap, a bad access, an abort) is delivered to the thread that caused it. The
/// handler looks that thread up in a fixed table of slots in use and marks its slot file with an
/// async-signal-safe `pwrite`, then hands the signal on to whoever handled it before (the Swift
/// runtime's backtracer, or the default action), so the crash itself goes on as it would have.
/// The table and the saved actions are process-wide by nature: a signal handler has nothing else.
enum CrashBlame {
    /// Slots the table can tell apart; a slot past this is journaled but not blamed precisely.
    static let capacity = 512

    private nonisolated(unsafe) static let threads: UnsafeMutablePointer<pthread_t> = {
        let table = UnsafeMutablePointer<pthread_t>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        return table
    }()

    private nonisolated(unsafe) static let files: UnsafeMutablePointer<Int32> = {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        table.initialize(repeating: -1, count: capacity)
        return table
    }()

    private static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    private nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let saved = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
        saved.initialize(repeating: sigaction(), count: 64)
        return saved
    }()

    /// Installs the handler once per process.
    static let installed: Void = {
        _ = threads
        _ = files
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, _, _ in CrashBlame.blame(signal) }
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &previous[Int(signal)])
        }
    }()

    /// The calling thread is about to read through the slot file `fd` in table place `index`.
    static func enter(_ index: Int, fd: Int32) {
        guard index < capacity else { return }
        files[index] = fd
        threads[index] = pthread_self()
    }

    /// The read through table place `index` is over.
    static func leave(_ index: Int) {
        guard index < capacity else { return }
        threads[index] = 0
    }

    /// In the signal handler: only async-signal-safe calls from here on.
    private static func blame(_ signal: Int32) {
        let me = pthread_self()
        for index in 0..<capacity where threads[index] == me && files[index] >= 0 {
            var mark = ReadJournal.culpritMark
            _ = pwrite(files[index], &mark, 1, 0)
        }
        // Hand the signal on: with the earlier action back in place, re-raising it runs that
        // action once this handler returns (the signal is blocked until then).
        sigaction(signal, &previous[Int(signal)], nil)
        raise(signal)
    }
}
