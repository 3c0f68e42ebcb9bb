import Foundation
import Synchronization

/// Runs decodes in child processes of our own binary (`photolala decode-worker`), so a crash or
/// abort inside ImageMagick kills one worker, not the server: the file gets a clear error and a
/// fresh worker takes the dead one's place. Callers block (they are on blocking-work threads)
/// until a worker is free; requests and answers are JSON lines over the worker's pipes.
public final class DecoderWorkers: Sendable {
    let executable: String
    let arguments: [String]
    private let idle = Mutex<[Worker]>([])
    private let slots: DispatchSemaphore

    /// What goes to a worker.
    struct Request: Codable {
        var op: String
        var path: String
        var format: ImageFormat
        var width = 0
        var height = 0
        var fit = RenditionFit.cover
        var quality = 82
    }

    /// What comes back.
    struct Answer: Codable {
        var probe: ImageProbe?
        var jpeg: Data?
        var error: String?
        var tooManyPixels: Int?
        var notAnImage: Bool?
    }

    init(executable: String, arguments: [String], count: Int) {
        self.executable = executable
        self.arguments = arguments
        slots = DispatchSemaphore(value: max(1, count))
    }

    func probe(path: String, format: ImageFormat) throws -> ImageProbe {
        let answer = try run(Request(op: "probe", path: path, format: format))
        guard let probe = answer.probe else { throw ImagingError.unreadable("the decoder gave no answer") }
        return probe
    }

    func render(path: String, format: ImageFormat, width: Int, height: Int, fit: RenditionFit, quality: Int) throws -> [UInt8] {
        let answer = try run(Request(op: "render", path: path, format: format, width: width, height: height, fit: fit, quality: quality))
        guard let jpeg = answer.jpeg else { throw ImagingError.unreadable("the decoder gave no answer") }
        return [UInt8](jpeg)
    }

    private func run(_ request: Request) throws -> Answer {
        slots.wait()
        defer { slots.signal() }
        let worker = try idle.withLock { $0.popLast() } ?? Worker(executable: executable, arguments: arguments)
        let answer: Answer
        do {
            answer = try worker.ask(request)
        } catch {
            worker.terminate()  // dead, or in an unknown state: never reused
            throw error
        }
        idle.withLock { $0.append(worker) }
        if let pixels = answer.tooManyPixels { throw ImagingError.tooManyPixels(pixels) }
        if answer.notAnImage == true { throw ImagingError.notAnImage }
        if let error = answer.error { throw ImagingError.unreadable(error) }
        return answer
    }

    /// Serves requests from standard input until it closes: the worker process's whole life.
    public static func serveRequests() {
        let crashOn = ProcessInfo.processInfo.environment["PHOTOLALA_TEST_CRASH_ON"]?.split(separator: ",").map(String.init) ?? []
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        while let line = readLine(strippingNewline: true) {
            var answer = Answer()
            do {
                let request = try decoder.decode(Request.self, from: Data(line.utf8))
                // Test hook: abort on a named file, as a decoder crash would.
                if crashOn.contains(where: { $0 == "\(request.op):" + ((request.path as NSString).lastPathComponent) }) { abort() }
                switch request.op {
                case "probe": answer.probe = try Imaging.probeHere(fileAt: request.path, format: request.format)
                default:
                    answer.jpeg = Data(try Imaging.renderJPEGHere(fileAt: request.path, format: request.format, width: request.width,
                                                                  height: request.height, fit: request.fit, quality: request.quality))
                }
            } catch ImagingError.tooManyPixels(let pixels) {
                answer.tooManyPixels = pixels
            } catch ImagingError.notAnImage {
                answer.notAnImage = true
            } catch ImagingError.unreadable(let reason) {
                answer.error = reason
            } catch {
                answer.error = "the request could not be read"
            }
            var out = (try? encoder.encode(answer)) ?? Data("{\"error\":\"unencodable answer\"}".utf8)
            out.append(0x0A)
            FileHandle.standardOutput.write(out)
        }
    }
}

/// One child process and its pipes.
final class Worker: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = Data()

    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch {
            throw ImagingError.unreadable("the decoder worker could not start")
        }
    }

    func ask(_ request: DecoderWorkers.Request) throws -> DecoderWorkers.Answer {
        var line = try JSONEncoder().encode(request)
        line.append(0x0A)
        do { try input.fileHandleForWriting.write(contentsOf: line) } catch { throw crashed() }
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let answer = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                return try JSONDecoder().decode(DecoderWorkers.Answer.self, from: answer)
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw crashed() }  // end of file: the worker died mid-request
            pending.append(chunk)
        }
    }

    private func crashed() -> ImagingError {
        process.waitUntilExit()
        let how = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
        return .unreadable("it crashed the image decoder (\(how)); the server kept running")
    }

    func terminate() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

extension Imaging {
    private static let workers = Mutex<DecoderWorkers?>(nil)

    /// The decoder workers every probe and render goes through, once started.
    static var decoderWorkers: DecoderWorkers? { workers.withLock { $0 } }

    /// Sends every later probe and render to `count` worker processes running `executable arguments`.
    /// ImageMagick state is per process, so this choice is too.
    public static func startDecoderWorkers(executable: String, arguments: [String], count: Int) {
        // Writing to a worker that just died must fail with an error, not kill the server with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        workers.withLock { $0 = DecoderWorkers(executable: executable, arguments: arguments, count: count) }
    }
}
