import Catalog
import Foundation
import Gallery

/// A one-line progress bar on standard error, drawn only on a terminal.
struct ProgressBar: Sendable {
    let monitor: ScanMonitor
    let enabled: Bool

    func run() async {
        guard enabled else { return }
        while !Task.isCancelled {
            draw()
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    func draw() {
        let p = monitor.progress
        let width = 30
        let filled = p.percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let counts = Phrase("\(p.processed)/\(p.total) files, \(Int(p.filesPerSecond)) files/s, \(p.errors) errors")
        let line = "\r[\(bar)] \(p.percent)% \(Words.language.say(counts)) "
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        draw()
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
