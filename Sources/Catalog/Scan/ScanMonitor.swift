import Foundation
import Synchronization

/// Holds the live progress of the current or last scan; pages read it while the scanner writes it.
public final class ScanMonitor: Sendable {
    private let state = Mutex(ScanProgress())

    /// Creates an idle monitor.
    public init() {}

    /// The current snapshot.
    public var progress: ScanProgress { state.withLock { $0 } }

    func update(_ change: (inout ScanProgress) -> Void) {
        state.withLock { change(&$0) }
    }
}
