import ArgumentParser
import Foundation
import Gallery

/// What the command line says to a person, in the terminal's language (`Languages.forTerminal`:
/// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`) where Photolala has its catalog, else English.
/// The catalogs are read the first time something is said, so a command that says nothing (a
/// decoder worker) never reads them.
enum Words {
    static let language: Language = {
        guard let resources = ResourceLocator.find(), let languages = try? Languages(directory: resources + "/Locales") else { return .english }
        return languages.forTerminal(environment: ProcessInfo.processInfo.environment)
    }()
}

/// Prints a phrase in the terminal's language.
func say(_ phrase: Phrase) {
    print(Words.language.say(phrase))
}

extension ValidationError {
    /// A refusal in the terminal's language.
    init(_ phrase: Phrase) {
        self.init(Words.language.say(phrase))
    }
}
