import Catalog
import Foundation
import Hummingbird
import HummingbirdCore

/// Photos as one download: a selection, a group, an album or a share link's photos.
enum ZipDownload {
    /// The files as one zip, streamed as it is made: originals as they are on disk, names made
    /// unique. A file gone since the selection is left out and named in a note inside.
    static func response(_ files: [FileRef], title: String, source: any PhotoSource) -> Response {
        let names = ZipStream.uniqueNames(files.map(\.key))
        let body = ResponseBody { writer in
            var stream = ZipStream()
            var missing: [String] = []
            for (file, name) in Swift.zip(files, names) {
                guard let entry = try? await source.entry(forKey: file.key),
                      let chunks = try? await source.stream(file.key, range: 0..<entry.size) else {
                    missing.append(file.key)
                    continue
                }
                let modified = Date(timeIntervalSince1970: Double(entry.mtimeNs) / 1e9)
                try await writer.write(ByteBuffer(bytes: stream.begin(name: name, modified: modified, expectedSize: UInt64(entry.size))))
                for try await chunk in chunks {
                    stream.update(chunk)
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
                try await writer.write(ByteBuffer(bytes: try stream.end()))
            }
            if !missing.isEmpty {
                let note = Array(("These files were in the selection but had left the library when the zip was made:\n"
                                  + missing.joined(separator: "\n") + "\n").utf8)
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
}
