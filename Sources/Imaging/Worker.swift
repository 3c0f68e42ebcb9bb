import Foundation

/// One decoder worker: a child process and its pipes, asked one request at a time.
final class Worker: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var framer = DecoderWire.LineFramer()

    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch {
            throw ImagingError.unreadable("the decoder worker could not start")
        }
    }

    /// Sends `request` and waits for the answer at most its timeout and a grace second (the
    /// worker's own guard stops ImageMagick at the timeout; the grace is for a decode that never
    /// reports progress, inside a delegate library, which only a kill stops). Past that the worker
    /// is killed and the request fails as timed out.
    func ask(_ request: DecoderWire.Request) throws -> DecoderWire.Answer {
        do { try input.fileHandleForWriting.write(contentsOf: DecoderWire.encode(request)) } catch { throw crashed() }
        let seconds = request.timeout ?? Imaging.decodeTimeout
        let deadline = DispatchTime.now().uptimeNanoseconds &+ Imaging.nanoseconds(seconds) &+ 1_000_000_000
        let fd = output.fileHandleForReading.fileDescriptor
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

    private func crashed() -> ImagingError {
        process.waitUntilExit()
        let how = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
        return .unreadable("it crashed the image decoder (\(how)); the server kept running")
    }

    private func timedOut(_ seconds: Double) -> ImagingError {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return .timedOut(seconds)
    }

    func terminate() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
