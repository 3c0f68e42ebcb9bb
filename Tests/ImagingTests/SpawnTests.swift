import Foundation
import Testing
@testable import Imaging

/// Child processes started without Foundation's `Process`.
@Suite struct SpawnTests {
    @Test func collectsOutputErrorsAndHowTheChildEnded() throws {
        let said = try Spawn.run("/bin/sh", ["-c", "printf out; printf err >&2; exit 3"])
        #expect(String(decoding: said.output, as: UTF8.self) == "out")
        #expect(String(decoding: said.errors, as: UTF8.self) == "err")
        #expect(said.ending == Spawn.Ending(status: 3, signal: nil))
        let killed = try Spawn.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(killed.ending == Spawn.Ending(status: nil, signal: 9))
        // more output than a pipe holds, while the errors stay open: nothing blocks
        let big = try Spawn.run("/bin/sh", ["-c", "head -c 300000 /dev/zero; echo done >&2"])
        #expect(big.output.count == 300_000 && big.errors == Array("done\n".utf8))
    }

    @Test func theChildGetsNoDescriptorButItsStandardThree() throws {
        // given a descriptor of ours that a child would inherit (no close-on-exec)
        let open = Glibc.open("/dev/null", O_RDONLY)
        defer { close(open) }
        #expect(fcntl(open, F_GETFD) & FD_CLOEXEC == 0)
        // when a child lists its own
        let listed = try Spawn.run("/bin/ls", ["/proc/self/fd"])
        // then it holds 0, 1, 2 and the one ls opened to list them
        let fds = String(decoding: listed.output, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        #expect(fds.count == 4 && Array(fds.prefix(3)) == [0, 1, 2])
        #expect(!fds.contains(open) || fds.last == open, "\(fds)")
    }

    @Test func aMissingToolIsAnErrorThatNamesIt() throws {
        let error = try #require(throws: SpawnError.self) { try Spawn.run("/nonexistent/tool", []) }
        #expect(error.description.contains("/nonexistent/tool"))
    }
}
