import Foundation
import Synchronization

/// Runs decodes in child processes of our own binary (`photolala decode-worker`), so a crash,
/// an abort or a runaway inside ImageMagick costs one worker, not the server: the file gets a
/// clear error and a fresh worker takes the dead one's place. Each request has a deadline of its
/// own: a worker that has not answered by then is killed, so no limit depends on how long any
/// process has been running. Callers block (they are on blocking-work threads) until a worker is
/// free; requests and answers are `DecoderWire` lines over the worker's pipes.
public final class DecoderWorkers: Sendable {
    let executable: String
    let arguments: [String]
    private let idle = Mutex<[Worker]>([])
    private let slots: DispatchSemaphore

    init(executable: String, arguments: [String], count: Int) {
        self.executable = executable
        self.arguments = arguments
        slots = DispatchSemaphore(value: max(1, count))
    }

    func probe(path: String, format: ImageFormat) throws -> ImageProbe {
        let answer = try run(DecoderWire.Request(op: "probe", path: path, format: format))
        guard let probe = answer.probe else { throw ImagingError.unreadable("the decoder gave no answer") }
        return probe
    }

    func render(path: String, format: ImageFormat, width: Int, height: Int, fit: RenditionFit, quality: Int,
                rotation: Rotation, encoding: RenditionEncoding = .jpeg) throws -> [UInt8] {
        let request = DecoderWire.Request(op: "render", path: path, format: format, width: width, height: height, fit: fit, quality: quality,
                                          rotation: rotation == .none ? nil : rotation, encoding: encoding == .jpeg ? nil : encoding)
        let answer = try run(request)
        guard let jpeg = answer.jpeg else { throw ImagingError.unreadable("the decoder gave no answer") }
        return [UInt8](jpeg)
    }

    func likeness(path: String, format: ImageFormat) throws -> Likeness {
        let answer = try run(DecoderWire.Request(op: "likeness", path: path, format: format))
        guard let likeness = answer.likeness else { throw ImagingError.unreadable("the decoder gave no answer") }
        return likeness
    }

    private func run(_ request: DecoderWire.Request) throws -> DecoderWire.Answer {
        slots.wait()
        defer { slots.signal() }
        var request = request
        request.timeout = Imaging.decodeTimeout
        let worker = try idle.withLock { $0.popLast() } ?? Worker(executable: executable, arguments: arguments)
        let answer: DecoderWire.Answer
        do {
            answer = try worker.ask(request)
        } catch {
            worker.terminate()  // dead, stuck or in an unknown state: never reused
            throw error
        }
        idle.withLock { $0.append(worker) }
        try answer.check()
        return answer
    }

    /// Serves requests from standard input until it closes: the worker process's whole life.
    public static func serveRequests() {
        let environment = ProcessInfo.processInfo.environment
        let crashOn = TestHook(environment["PHOTOLALA_TEST_CRASH_ON"])
        let hangOn = TestHook(environment["PHOTOLALA_TEST_HANG_ON"])
        var framer = DecoderWire.LineFramer()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let line: [UInt8]
            do {
                guard let next = try framer.nextLine() else {
                    let count = read(0, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return }
                    framer.append(buffer[0..<count])
                    continue
                }
                line = next
            } catch {
                return  // a line longer than any request: the server is not talking to us
            }
            var answer = DecoderWire.Answer()
            do {
                let request = try DecoderWire.decodeRequest(line)
                if crashOn.matches(request) { abort() }
                if hangOn.matches(request) { while true { sleep(60) } }
                switch request.op {
                case "probe": answer.probe = try Imaging.probeHere(fileAt: request.path, format: request.format, timeout: request.timeout)
                case "likeness": answer.likeness = try Imaging.likenessHere(fileAt: request.path, format: request.format, timeout: request.timeout)
                default:
                    answer.jpeg = Data(try Imaging.renderJPEGHere(fileAt: request.path, format: request.format, width: request.width,
                                                                  height: request.height, fit: request.fit, quality: request.quality,
                                                                  rotation: request.rotation ?? .none, encoding: request.encoding ?? .jpeg,
                                                                  timeout: request.timeout))
                }
            } catch let error as ImagingError {
                answer = DecoderWire.Answer(error: error)
            } catch {
                answer.error = "the request could not be read"
            }
            let out = (try? DecoderWire.encode(answer)) ?? Data("{\"error\":\"unencodable answer\"}\n".utf8)
            FileHandle.standardOutput.write(out)
        }
    }

    /// A test hook naming requests to misbehave on, as `op:filename` items separated by commas.
    struct TestHook {
        let items: [String]
        init(_ value: String?) { items = value?.split(separator: ",").map(String.init) ?? [] }
        func matches(_ request: DecoderWire.Request) -> Bool {
            !items.isEmpty && items.contains("\(request.op):" + (request.path as NSString).lastPathComponent)
        }
    }
}

extension DecoderWire.Answer {
    /// An answer carrying `error`, as the server will rethrow it.
    init(error: ImagingError) {
        self.init()
        switch error {
        case .tooManyPixels(let pixels): tooManyPixels = pixels
        case .notAnImage: notAnImage = true
        case .timedOut(let seconds): timedOut = seconds
        case .unreadable(let reason): self.error = reason
        // Videos never go to a worker (their tools are child processes of the caller); kept total.
        case .unreadableVideo(let reason): self.error = reason
        }
    }

    /// Rethrows the error the worker reported, if any.
    func check() throws {
        if let pixels = tooManyPixels { throw ImagingError.tooManyPixels(pixels) }
        if notAnImage == true { throw ImagingError.notAnImage }
        if let seconds = timedOut { throw ImagingError.timedOut(seconds) }
        if let error { throw ImagingError.unreadable(error) }
    }
}

extension Imaging {
    private static let workers = Mutex<DecoderWorkers?>(nil)

    /// The decoder workers every probe and render goes through, once started.
    static var decoderWorkers: DecoderWorkers? { workers.withLock { $0 } }

    /// Whether probes and renders run in this process (no decoder workers started).
    public static var decodesInProcess: Bool { decoderWorkers == nil }

    /// Sends every later probe and render to `count` worker processes running `executable arguments`.
    /// ImageMagick state is per process, so this choice is too.
    static func startDecoderWorkers(executable: String, arguments: [String], count: Int) {
        // Writing to a worker that just died must fail with an error, not kill the server with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        workers.withLock { $0 = DecoderWorkers(executable: executable, arguments: arguments, count: count) }
    }
}
