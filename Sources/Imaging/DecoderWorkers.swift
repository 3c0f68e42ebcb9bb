import Foundation
import Synchronization

/// Runs decodes in child processes of our own binary (`photolala decode-worker`), so a crash,
/// an abort or a runaway inside ImageMagick costs one worker, not the server: the file gets a
/// clear error and a fresh worker takes the dead one's place. Each request has a deadline of its
/// own: a worker that has not answered by then is killed, so no limit depends on how long any
/// process has been running. Callers block (they are on blocking-work threads) until a worker is
/// free; requests and answers are `DecoderWire` lines over the worker's pipes.
///
/// Two lanes of workers, `count` of each at most, started as they are needed: a visitor's probe
/// or render, and the work done beside the requests (measuring likeness), whose workers run at
/// nice 10. So a visitor's decode never waits for a slot behind background work, and when both
/// run, the kernel gives the visitor's the cores. `visitorsWaiting` tells background work when to
/// hold back (`BackgroundTurns`).
public final class DecoderWorkers: Sendable {
    /// Whose decode it is.
    enum Lane {
        /// A probe or render someone is waiting for (a scan's probes too).
        case visitor
        /// Work beside the requests: its workers are niced, and it is the one that gives way.
        case background
    }

    /// How much lower than the server's the background lane's workers run.
    static let backgroundNiceness: Int32 = 10

    let executable: String
    let arguments: [String]
    private let visitors: Pool
    private let background: Pool
    /// Visitor decodes waiting for a worker or being decoded now.
    private let visitorsUnderway = Atomic<Int>(0)
    /// When the last visitor's decode ended (uptime nanoseconds).
    private let visitorLastEnded = Atomic<UInt64>(0)
    /// How long after a visitor's decode ends it still counts as underway: a visitor scrolling a
    /// grid asks for the next thumbnails right after, and a turn of background work taken in that
    /// gap started a worker beside them.
    static let visitorGrace: UInt64 = 250_000_000

    init(executable: String, arguments: [String], count: Int) {
        self.executable = executable
        self.arguments = arguments
        visitors = Pool(count: count, niceness: 0)
        background = Pool(count: count, niceness: Self.backgroundNiceness)
    }

    /// Starts the visitor lane's workers ahead of the first decode, so the first visitor's
    /// thumbnails do not each wait for a worker to start (about 25 ms each, a binary of this size
    /// loading); they start beside the server's own start. One that cannot start is left to the
    /// first request, which says why.
    func startVisitorWorkers() {
        let started = (0..<visitors.count).compactMap { _ in try? Worker(executable: executable, arguments: arguments) }
        visitors.idle.withLock { $0.append(contentsOf: started) }
    }

    /// Ends the background lane's idle workers (each holds tens of megabytes): its work comes in
    /// long runs with nothing between them, and the next run starts them again.
    func stopIdleBackgroundWorkers() {
        for worker in background.idle.withLock({ idle in defer { idle.removeAll() }; return idle }) { worker.terminate() }
    }

    /// Whether a visitor's decode is waiting or underway, or ended less than `visitorGrace` ago:
    /// background work holds back until none is.
    var visitorsWaiting: Bool {
        visitorsUnderway.load(ordering: .relaxed) > 0
            || DispatchTime.now().uptimeNanoseconds &- visitorLastEnded.load(ordering: .relaxed) < Self.visitorGrace
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

    /// Measured in the background lane: nobody waits for a likeness.
    func likeness(path: String, format: ImageFormat) throws -> Likeness {
        let answer = try run(DecoderWire.Request(op: "likeness", path: path, format: format), lane: .background)
        guard let likeness = answer.likeness else { throw ImagingError.unreadable("the decoder gave no answer") }
        return likeness
    }

    private func run(_ request: DecoderWire.Request, lane: Lane = .visitor) throws -> DecoderWire.Answer {
        let pool = lane == .visitor ? visitors : background
        if lane == .visitor { visitorsUnderway.add(1, ordering: .relaxed) }
        defer {
            if lane == .visitor {
                visitorLastEnded.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
                visitorsUnderway.subtract(1, ordering: .relaxed)
            }
        }
        pool.slots.wait()
        defer { pool.slots.signal() }
        var request = request
        request.timeout = Imaging.decodeTimeout
        let worker = try pool.idle.withLock { $0.popLast() } ?? Worker(executable: executable, arguments: arguments, niceness: pool.niceness)
        let answer: DecoderWire.Answer
        do {
            answer = try worker.ask(request)
        } catch {
            worker.terminate()  // dead, stuck or in an unknown state: never reused
            throw error
        }
        pool.idle.withLock { $0.append(worker) }
        try answer.check()
        return answer
    }

    /// One lane's workers: at most `slots` busy at once, the idle ones kept for the next request.
    private final class Pool: Sendable {
        let idle = Mutex<[Worker]>([])
        let slots: DispatchSemaphore
        let count: Int
        let niceness: Int32

        init(count: Int, niceness: Int32) {
            self.count = max(1, count)
            slots = DispatchSemaphore(value: self.count)
            self.niceness = niceness
        }
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

    /// Whether a visitor's probe or render is waiting for a decoder worker, being decoded in one
    /// now or ended a moment ago (never, when decodes run in this process): work beside the
    /// requests holds back until none is.
    public static var visitorDecodesUnderway: Bool { decoderWorkers?.visitorsWaiting ?? false }

    /// Sends every later probe and render to `count` worker processes running `executable arguments`.
    /// ImageMagick state is per process, so this choice is too.
    static func startDecoderWorkers(executable: String, arguments: [String], count: Int) {
        // Writing to a worker that just died must fail with an error, not kill the server with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        workers.withLock { $0 = DecoderWorkers(executable: executable, arguments: arguments, count: count) }
    }

    /// Starts the visitor lane's decoder workers now rather than at the first decode (a server's
    /// start: its first visitor's thumbnails need every one of them at once).
    public static func startVisitorWorkersAhead() {
        decoderWorkers?.startVisitorWorkers()
    }

    /// Ends the idle decoder workers of the background lane, once a run of background work is
    /// over (`DecoderWorkers.stopIdleBackgroundWorkers`).
    public static func stopIdleBackgroundWorkers() {
        decoderWorkers?.stopIdleBackgroundWorkers()
    }
}
