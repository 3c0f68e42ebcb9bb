import Catalog
import Foundation
import Hummingbird
import HummingbirdCore
import Imaging

/// Photos as one download: a selection, a group, an album or a share link's photos.
enum ZipDownload {
    /// The files as one zip, streamed as it is made: originals as they are on disk, names made
    /// unique. A file gone since the selection, or one that could not be read now, is left out and
    /// named in a note inside, each under its own heading.
    /// `treat` says what becomes of each file on its way (a share link that does not share
    /// places: `PlaceTreatment`); a withheld file is named in the note too.
    /// The note is written in `language` (the visitor's).
    static func response(_ files: [FileRef], title: String, source: any PhotoSource, language: Language = .english,
                         treat: (@Sendable (SourceEntry) async -> PlaceTreatment)? = nil) -> Response {
        let names = ZipStream.uniqueNames(files.map(\.key))
        let body = ResponseBody { writer in
            var stream = ZipStream()
            var missing: [String] = []
            var unreadable: [String] = []
            var withheld: [String] = []
            for (file, name) in Swift.zip(files, names) {
                let entry: SourceEntry
                let chunks: ByteChunks
                var patches: [GPSRedaction.Patch]?
                do {
                    guard let found = try await source.entry(forKey: file.key) else {
                        missing.append(file.key)
                        continue
                    }
                    entry = found
                    // (judged on the entry just read, before its bytes are asked for)
                    if let treat {
                        switch await treat(found) {
                        case .asIs: break
                        case .patched(let redaction): patches = redaction
                        case .withheld:
                            withheld.append(file.key)
                            continue
                        }
                    }
                    chunks = try await source.stream(file.key, range: 0..<found.size)
                } catch SourceError.notFound {
                    missing.append(file.key)
                    continue
                } catch {
                    unreadable.append(file.key)
                    continue
                }
                let modified = Date(timeIntervalSince1970: Double(entry.mtimeNs) / 1e9)
                try await writer.write(ByteBuffer(bytes: stream.begin(name: name, modified: modified, expectedSize: UInt64(entry.size))))
                var at = 0
                for try await chunk in chunks {
                    var bytes = chunk
                    if let patches { GPSRedaction.apply(patches, to: &bytes, at: at) }
                    at += bytes.count
                    stream.update(bytes)
                    try await writer.write(ByteBuffer(bytes: bytes))
                }
                try await writer.write(ByteBuffer(bytes: try stream.end()))
            }
            if let note = note(missing: missing, unreadable: unreadable, withheld: withheld, language: language) {
                var entryNames = Set(names.map { $0.lowercased() })
                var noteName = "Not included.txt"
                while !entryNames.insert(noteName.lowercased()).inserted { noteName = "_" + noteName }
                try await writer.write(ByteBuffer(bytes: stream.begin(name: noteName, modified: Date(), expectedSize: UInt64(note.count))))
                stream.update(note)
                try await writer.write(ByteBuffer(bytes: note))
                try await writer.write(ByteBuffer(bytes: try stream.end()))
            }
            try await writer.write(ByteBuffer(bytes: stream.finish()))
            try await writer.finish(nil)
        }
        let fileName = ZipStream.safeName(title) + ".zip"
        let ascii = String(fileName.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0.value >= 0x20 ? Character($0) : "_" })
        let encoded = fileName.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")) ?? ascii
        return Response(status: .ok, headers: [
            .contentType: "application/zip",
            .contentDisposition: "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)",
            .cacheControl: "no-store",
        ], body: body)
    }

    /// The note of what was left out, or nil when nothing was: files that left the library apart
    /// from files that could not be read now (which a later zip may well hold), each heading in `language`.
    static func note(missing: [String], unreadable: [String], withheld: [String] = [], language: Language = .english) -> [UInt8]? {
        var text = ""
        if !withheld.isEmpty {
            text += language.say(Phrase("These files keep where they were taken, and whoever shared this link chose not to share places:")) + "\n"
                + withheld.joined(separator: "\n") + "\n"
        }
        if !missing.isEmpty {
            text += (text.isEmpty ? "" : "\n")
                + language.say(Phrase("These files were in the selection but had left the library when the zip was made:")) + "\n"
                + missing.joined(separator: "\n") + "\n"
        }
        if !unreadable.isEmpty {
            text += (text.isEmpty ? "" : "\n")
                + language.say(Phrase("These files are still in the library but could not be read now; try the download again later:")) + "\n"
                + unreadable.joined(separator: "\n") + "\n"
        }
        return text.isEmpty ? nil : Array(text.utf8)
    }
}
