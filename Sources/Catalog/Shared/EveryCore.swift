import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map`, each element on whichever core is free (`concurrentPerform`), the results in the
    /// elements' order; the first element's error, in that order, if any threw. For the start's
    /// work that waits on all of it (the languages' catalogs, each language's templates) and for
    /// a scan's plan (`ScanPlan`).
    package func mapOnEveryCore<T: Sendable, Failure: Error>(_ transform: @Sendable (Element) throws(Failure) -> T) throws(Failure) -> [T] {
        let results = Mutex([Result<T, Failure>?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result<T, Failure> { () throws(Failure) -> T in try transform(self[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { result throws(Failure) -> T in try result!.get() }
    }
}
