import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts child processes without Foundation's `Process`. On Linux its `run()` copies 256 bytes of
/// every entry it reads from `/proc/self/fd`, past the end of short entries, and now and then past
/// the end of a mapped page: the whole server crashes (swift-corelibs-foundation #5472, in the
/// Swift 6.3 toolchains). The test suite met it while a scan probed videos. Here the child is made
/// by `posix_spawn`, with every descriptor but its standard three closed in it.
public enum Spawn {
    /// How a child ended.
    public struct Ending: Sendable, Equatable {
        /// The exit status, or nil when a signal ended it.
        public var status: Int32?
        /// The signal that ended it, if one did.
        public var signal: Int32?
    }

    /// What `run` collected.
    public struct Outcome: Sendable {
        public var ending: Ending
        public var output: [UInt8]
        public var errors: [UInt8]
    }

    /// Starts the executable at `path` with `arguments`, the given descriptors as its standard
    /// input, output and error (nil: `/dev/null`), every other descriptor closed in the child.
    /// `newGroup`: the child leads a process group of its own. Returns its pid; throws when it
    /// cannot be started (the path is not an executable file).
    public static func start(_ path: String, _ arguments: [String], stdin: Int32? = nil, stdout: Int32? = nil,
                             stderr: Int32? = nil, newGroup: Bool = false) throws -> pid_t {
        guard access(path, X_OK) == 0 else { throw SpawnError(path: path, code: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in [(STDIN_FILENO, stdin), (STDOUT_FILENO, stdout), (STDERR_FILENO, stderr)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            }
        }
        closeAllAbove(2, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = argv.withUnsafeBufferPointer { argvPointer in
            posix_spawn(&pid, path, &actions, &attributes, UnsafeMutablePointer(mutating: argvPointer.baseAddress!), environ)
        }
        guard result == 0 else { throw SpawnError(path: path, code: result) }
        return pid
    }

    /// A pipe whose two ends close on exec (a child gets one only as a standard descriptor).
    public static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw SpawnError(path: "a pipe", code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Waits for the child `pid` to end (blocking).
    public static func wait(_ pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return Ending(status: nil, signal: nil) }
        }
        // The <sys/wait.h> macros, spelled out: Swift does not import them.
        let signal = status & 0x7F
        return signal == 0 ? Ending(status: (status >> 8) & 0xFF, signal: nil) : Ending(status: nil, signal: signal)
    }

    /// Runs the executable at `path` to its end with nothing on its standard input, collecting
    /// what it writes to its output and its errors (for tools and tests; blocking).
    public static func run(_ path: String, _ arguments: [String]) throws -> Outcome {
        let out = try pipe()
        let err: (read: Int32, write: Int32)
        do { err = try pipe() } catch {
            close(out.read); close(out.write)
            throw error
        }
        let pid: pid_t
        do {
            pid = try start(path, arguments, stdout: out.write, stderr: err.write)
        } catch {
            [out.read, out.write, err.read, err.write].forEach { close($0) }
            throw error
        }
        close(out.write); close(err.write)
        var (output, errors) = ([UInt8](), [UInt8]())
        var open = [out.read, err.read]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
            for ready in fds where ready.revents != 0 {
                let count = read(ready.fd, &buffer, buffer.count)
                if count > 0 {
                    if ready.fd == out.read { output += buffer[0..<count] } else { errors += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    close(ready.fd)
                    open.removeAll { $0 == ready.fd }
                }
            }
        }
        open.forEach { close($0) }
        return Outcome(ending: wait(pid), output: output, errors: errors)
    }

    /// Adds, to `actions`, the closing of every descriptor above `highest` in the child: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift does not import it, so it
    /// is looked up), or else one close for each descriptor `/proc/self/fd` lists, its names read
    /// as the C strings they are.
    private static func closeAllAbove(_ highest: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let closeFrom = closeFrom {
            _ = closeFrom(&actions, highest + 1)
            return
        }
        guard let folder = opendir("/proc/self/fd") else { return }
        let own = dirfd(folder)
        var found: [Int32] = []
        while let entry = readdir(folder) {
            if let fd = Int32(entry.withNameBytes { String(decoding: $0, as: UTF8.self) }), fd > highest, fd != own { found.append(fd) }
        }
        closedir(folder)
        for fd in found { posix_spawn_file_actions_addclose(&actions, fd) }
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
}

/// A child process that could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public var description: String { "cannot start \(path): \(String(cString: strerror(code)))" }
}
