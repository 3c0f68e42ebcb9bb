import Foundation

/// Inputs kept in the fuzzers' committed corpus (`Tests/Fuzz/corpus/<target>/`), so a unit test
/// can hold a parser to an input that once crashed it.
enum FuzzCorpus {
    /// The path of `name` (`<target>/<file>`) in the corpus.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus/" + name).standardizedFileURL.path
    }
}
