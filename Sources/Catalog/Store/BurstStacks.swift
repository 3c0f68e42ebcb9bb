/// Which shots of a folder are one burst, stacked under the sharpest (pure, so the rule is
/// tested apart from any catalog): in the order they were taken, a shot joins the stack of
/// the shot before it when a camera took it at most `seconds` later and their pictures'
/// difference hashes differ in at most `bits` of 64. A stack is two shots or more.
public enum BurstStacks {
    /// The longest pause between two shots of one burst, in seconds (cameras write whole seconds).
    public static let seconds: Int64 = 3
    /// The most bits in which two shots' hashes may differ, on the measure of `Likeness`.
    public static let bits = 12

    public struct Shot: Sendable, Equatable {
        public var fileId: Int64
        /// When the camera took it (seconds).
        public var taken: Int64
        public var hash: UInt64
        public var sharpness: Double
        public init(fileId: Int64, taken: Int64, hash: UInt64, sharpness: Double) {
            (self.fileId, self.taken, self.hash, self.sharpness) = (fileId, taken, hash, sharpness)
        }
    }

    /// A burst: the file shown for it (its sharpest shot, the first taken on a tie) and the others.
    public struct Stack: Sendable, Equatable {
        public var top: Int64
        public var others: [Int64]
    }

    /// The stacks among `shots` (one folder's), in the order they were taken.
    public static func stacks(_ shots: [Shot]) -> [Stack] {
        let ordered = shots.sorted { ($0.taken, $0.fileId) < ($1.taken, $1.fileId) }
        var runs: [[Shot]] = []
        for shot in ordered {
            if let previous = runs.last?.last, shot.taken - previous.taken <= seconds,
               (shot.hash ^ previous.hash).nonzeroBitCount <= bits {
                runs[runs.count - 1].append(shot)
            } else {
                runs.append([shot])
            }
        }
        return runs.filter { $0.count > 1 }.map { run in
            // The sharpest; on a tie, the first taken (the run's order).
            var best = run[0]
            for shot in run.dropFirst() where shot.sharpness > best.sharpness { best = shot }
            return Stack(top: best.fileId, others: run.map(\.fileId).filter { $0 != best.fileId })
        }
    }

    /// What each of `files` should be stacked under (nil: on its own or a top), given the stacks.
    public static func assignments(_ files: [Int64], _ stacks: [Stack]) -> [Int64: Int64?] {
        var wanted: [Int64: Int64?] = Dictionary(uniqueKeysWithValues: files.map { ($0, nil) })
        for stack in stacks {
            for other in stack.others { wanted[other] = .some(stack.top) }
        }
        return wanted
    }
}
