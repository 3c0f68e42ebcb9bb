@testable import Gallery

/// View models in tests are read in English.
extension Phrase {
    func contains(_ text: String) -> Bool { english.contains(text) }
    func hasPrefix(_ text: String) -> Bool { english.hasPrefix(text) }
    func hasSuffix(_ text: String) -> Bool { english.hasSuffix(text) }
}

func == (lhs: Phrase, rhs: String) -> Bool { lhs.english == rhs }
func == (lhs: Phrase?, rhs: String?) -> Bool { lhs?.english == rhs }
func != (lhs: Phrase?, rhs: String?) -> Bool { lhs?.english != rhs }
func == (lhs: [Phrase], rhs: [String]) -> Bool { lhs.map(\.english) == rhs }
func == (lhs: [Phrase?], rhs: [String?]) -> Bool { lhs.map { $0?.english } == rhs }
