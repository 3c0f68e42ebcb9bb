import Foundation

extension UndoRecord {
    /// An undo's row as either catalog keeps it: the step still as its JSON.
    struct Stored: Sendable {
        var accountId: Int64?
        var label: String
        var back: String
        var step: String
        var createdAt: Int64
    }

    /// The record a row stands for; nil once it is older than `lifetime` or its step cannot be read.
    static func decoded(_ stored: Stored, now: Date) -> UndoRecord? {
        let createdAt = Date(timeIntervalSince1970: TimeInterval(stored.createdAt))
        guard now.timeIntervalSince(createdAt) <= lifetime,
              let step = try? JSONDecoder().decode(UndoStep.self, from: Data(stored.step.utf8)) else { return nil }
        return UndoRecord(accountId: stored.accountId, label: stored.label, back: stored.back, step: step, createdAt: createdAt)
    }
}
