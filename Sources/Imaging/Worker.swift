import Foundation

/// One decoder worker: a child process and its pipes, asked one request at a time.
final class Worker: @unchecked Sendable {
    private let pid: pid_t
    private let input: FileHandle
    private let output: Int32
    private var framer = DecoderWire.LineFramer()
    /// How the worker ended, once it has been waited for.
    private var ending: Spawn.Ending?

    /// Starts a worker; one with a `niceness` above 0 runs that much below the server.
    init(executable: String, arguments: [String], niceness: Int32 = 0) throws {
        let cannot = ImagingError.unreadable("the decoder worker could not start")
        guard let toWorker = try? Spawn.pipe() else { throw cannot }
        guard let fromWorker = try? Spawn.pipe() else {
            close(toWorker.read); close(toWorker.write)
            throw cannot
        }
        do {
            pid = try Spawn.start(executable, arguments, stdin: toWorker.read, stdout: fromWorker.write, stderr: STDERR_FILENO)
        } catch {
            [toWorker.read, toWorker.write, fromWorker.read, fromWorker.write].forEach { close($0) }
            throw cannot
        }
        close(toWorker.read); close(fromWorker.write)
        // Raising a child's niceness needs no privilege; it only ever goes up.
        #if canImport(Glibc)
            if niceness > 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), niceness) }
        #endif
        input = FileHandle(fileDescriptor: toWorker.write, closeOnDealloc: true)
        output = fromWorker.read
    }

    deinit { close(output) }

    /// Sends `request` and waits for the answer at most its timeout and a grace second (the
    /// worker's own guard stops ImageMagick at the timeout; the grace is for a decode that never
    /// reports progress, inside a delegate library, which only a kill stops). Past that the worker
    /// is killed and the request fails as timed out.
    func ask(_ request: DecoderWire.Request) throws -> DecoderWire.Answer {
        do { try input.write(contentsOf: DecoderWire.encode(request)) } catch { throw crashed() }
        let seconds = request.timeout ?? Imaging.decodeTimeout
        let deadline = DispatchTime.now().uptimeNanoseconds &+ Imaging.nanoseconds(seconds) &+ 1_000_000_000
        let fd = output
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            do {
                if let line = try framer.nextLine() { return try DecoderWire.decodeAnswer(line) }
            } catch {
                throw ImagingError.unreadable("the decoder answered with something unreadable")
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw timedOut(seconds) }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
            if waited < 0 && errno == EINTR { continue }
            guard waited > 0 else { continue }  // the deadline is checked at the top
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw crashed() }  // end of file: the worker died mid-request
            framer.append(buffer[0..<count])
        }
    }

    /// Waits for the worker to end, once.
    @discardableResult
    private func reap() -> Spawn.Ending {
        if let ending { return ending }
        let ended = Spawn.wait(pid)
        ending = ended
        return ended
    }

    private func crashed() -> ImagingError {
        let ended = reap()
        let how = ended.signal.map { "signal \($0)" } ?? "exit \(ended.status ?? -1)"
        return .unreadable("it crashed the image decoder (\(how)); the server kept running")
    }

    private func timedOut(_ seconds: Double) -> ImagingError {
        if ending == nil { kill(pid, SIGKILL) }
        reap()
        return .timedOut(seconds)
    }

    func terminate() {
        try? input.close()
        if ending == nil { kill(pid, SIGKILL) }
        reap()
    }
}
