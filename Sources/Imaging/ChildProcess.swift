import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a decoder of hostile input (ffprobe, ffmpeg) as a child process under `prlimit`: an
/// address-space limit, no core files, and a wall-clock deadline past which it is killed. GNU
/// `timeout` stands between them with the same deadline and two seconds more, so the limit holds
/// even when this process is gone before it; it puts the tool in a process group of its own,
/// which is what is killed.
/// Blocking: call it from a blocking pool, never from a request task.
enum ChildProcess {
    /// What a finished child left.
    struct Outcome {
        /// The exit status; a child killed by a signal has none.
        var status: Int32?
        /// Standard output, cut at the caller's limit.
        var output: [UInt8]
    }

    /// Runs `tool` (looked up on PATH) with `arguments`, killed after `timeout` seconds; its
    /// address space is capped at `memory` bytes and standard output kept up to `maxOutput` bytes.
    /// Throws `.unreadable` naming the tool when it is missing, `.timedOut` when it overran.
    static func run(_ tool: String, _ arguments: [String], timeout: Double, memory: Int, maxOutput: Int) throws -> Outcome {
        guard let toolPath = locate(tool) else { throw ImagingError.unreadableVideo("\(tool) is not installed") }
        guard let prlimit = locate("prlimit") else { throw ImagingError.unreadableVideo("prlimit is not installed") }
        guard let backstop = locate("timeout") else { throw ImagingError.unreadableVideo("timeout is not installed") }
        let seconds = Double(Imaging.nanoseconds(timeout)) / 1e9 + 2
        let arguments = ["--as=\(max(memory, 1 << 20))", "--core=0", "--", backstop, "--signal=KILL", String(format: "%.2f", seconds),
                         toolPath] + arguments
        guard let output = try? Spawn.pipe() else { throw ImagingError.unreadableVideo("cannot start \(tool)") }
        let pid: pid_t
        do {
            pid = try Spawn.start(prlimit, arguments, stdout: output.write)
        } catch {
            close(output.read); close(output.write)
            throw ImagingError.unreadableVideo("cannot start \(tool)")
        }
        close(output.write)
        let reader = OutputReader(fd: output.read, limit: maxOutput)
        let ending = Mutex<Spawn.Ending?>(nil)
        let finished = DispatchGroup()
        finished.enter()
        Thread.detachNewThread {
            reader.drain()
            close(output.read)
            finished.leave()
        }
        finished.enter()
        Thread.detachNewThread {
            let end = Spawn.wait(pid)
            ending.withLock { $0 = end }
            finished.leave()
        }
        let deadline = DispatchTime.now() + .nanoseconds(Int(Imaging.nanoseconds(timeout)))
        if finished.wait(timeout: deadline) == .timedOut {
            // The group `timeout` made (the tool with it), and `timeout` itself if it had not made it yet.
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            // The pipe closes with the child; a grandchild holding it open is not waited for long.
            _ = finished.wait(timeout: .now() + 5)
            throw ImagingError.timedOut(timeout)
        }
        return Outcome(status: ending.withLock { $0?.status }, output: reader.bytes)
    }

    /// The first executable file named `tool` on PATH (or the default Debian path).
    static func locate(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder + "/" + tool
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
