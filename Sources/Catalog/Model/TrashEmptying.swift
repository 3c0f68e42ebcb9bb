/// What emptying the trash did: the files destroyed, and those kept because their bytes could not
/// be deleted now (they stay in the trash, listed, so emptying it again can finish them).
public struct TrashEmptying: Sendable, Equatable {
    /// Files whose bytes are gone for good (or were already gone) and whose rows went with them.
    public var destroyed: Int
    /// Files whose bytes could not be deleted now; their rows stay in the trash.
    public var kept: Int

    public init(destroyed: Int = 0, kept: Int = 0) {
        (self.destroyed, self.kept) = (destroyed, kept)
    }
}
