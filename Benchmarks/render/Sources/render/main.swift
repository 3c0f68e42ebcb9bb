// Photolala's renderer against swift-mustache, its pages in German and in Arabic against the same
// pages in English, and its multipart reader against MultipartKit, in one process: each pair is
// first checked to give the same result (a page in another language, to be in that language),
// then timed in alternation (the order swapped every round) in the thread's CPU time, warm-up
// rounds left out, and the medians printed.
//   usage: render TEMPLATES [ROUNDS [LOCALES]]   TEMPLATES: the project's Templates folder; ROUNDS: 15;
//                                                LOCALES: its catalogs (default: Locales beside TEMPLATES)
//          render serve TEMPLATES PORT ours|swift-mustache      (see Serve.swift)
import Foundation
import MultipartKit
import Mustache
import NIOCore

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: render TEMPLATES [ROUNDS [LOCALES]]\n".utf8))
    exit(2)
}
if arguments[1] == "serve" {
    guard arguments.count == 5, let port = Int(arguments[3]) else { fail("usage: render serve TEMPLATES PORT ours|swift-mustache") }
    try await servePages(templates: arguments[2], port: port, renderer: arguments[4])
    exit(0)
}
let templatesFolder = arguments[1]
let rounds = arguments.count > 2 ? max(3, Int(arguments[2]) ?? 15) : 15
let localesFolder = arguments.count > 3 ? arguments[3]
    : URL(fileURLWithPath: templatesFolder).deletingLastPathComponent().appendingPathComponent("Locales").path
let warmupRounds = 3

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("render: \(message)\n".utf8))
    exit(1)
}

/// Keeps results alive, so the optimizer cannot drop the work that made them.
nonisolated(unsafe) var sink = 0

/// CPU seconds this thread spent running `body` `times` times: its CPU time, not the clock's, so
/// that another process on the same cores slows the figures less (everything here is one thread).
func seconds(_ times: Int, _ body: () -> Void) -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    let start = now()
    for _ in 0..<times { body() }
    return now() - start
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// CPU seconds per run of `ours` and of `theirs`, the medians of `rounds` rounds of about 0.1 s
/// each side, after `warmupRounds`; and the median of the rounds' ratios (theirs / ours).
func paired(_ ours: () -> Void, _ theirs: () -> Void) -> (ours: Double, theirs: Double, ratio: Double) {
    // As many runs a round as fill about 0.1 s of the slower side.
    let once = max(seconds(1, ours), seconds(1, theirs), 1e-7)
    let times = max(1, Int(0.1 / once))
    var mine: [Double] = [], others: [Double] = [], ratios: [Double] = []
    for round in 0..<(warmupRounds + rounds) {
        let a: Double, b: Double
        if round % 2 == 0 {
            a = seconds(times, ours); b = seconds(times, theirs)
        } else {
            b = seconds(times, theirs); a = seconds(times, ours)
        }
        guard round >= warmupRounds else { continue }
        mine.append(a / Double(times)); others.append(b / Double(times)); ratios.append(b / a)
    }
    return (median(mine), median(others), median(ratios))
}

func squeezed(_ html: String) -> String { html.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
    let room = String(repeating: " ", count: max(0, width - text.count))
    return right ? room + text : text + room
}

func fixed(_ value: Double, _ digits: Int) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        text += String(repeating: "0", count: max(0, digits - have))
        if digits == 0 { text = String(text[..<dot]) }
    }
    return text
}

// MARK: - Pages

/// swift-mustache over the templates with their words unmarked (`{{#t}}`, `{{/t}}` taken out:
/// the English as written), from a copy in a temporary folder, read whole and removed again.
func unmarkedLibrary(_ folder: String) async throws -> MustacheLibrary {
    let unmarked = FileManager.default.temporaryDirectory.appendingPathComponent("render-unmarked-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: unmarked) }
    for (name, source) in try TemplateSet.sources(directory: folder) {
        let file = unmarked.appendingPathComponent(name + ".mustache")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.replacingOccurrences(of: "{{#t}}", with: "").replacingOccurrences(of: "{{/t}}", with: "")
            .write(to: file, atomically: true, encoding: .utf8)
    }
    return try await MustacheLibrary(directory: unmarked.path)
}

/// swift-mustache has no language beneath the model: its page says `lang="" dir=""` where ours
/// says English's.
func asSwiftMustacheSays(_ page: String) -> String {
    page.replacingOccurrences(of: "lang=\"en\" dir=\"ltr\"", with: "lang=\"\" dir=\"\"")
}

// Ours as the server has it: compiled once for English and every catalog under Locales.
let languages: Languages
do { languages = try Languages(directory: localesFolder) } catch { fail("\(error)") }
let ours = try TemplateSet(directory: templatesFolder, languages: languages)
let theirs = try await unmarkedLibrary(templatesFolder)
/// swift-mustache's fastest input: the model as dictionaries and arrays (read through
/// `MustacheParent`, not reflection), made from our encoding of it before the clock starts. A
/// nil field is left out (swift-mustache would print a nil kept in a dictionary), so its lookup
/// goes on down the stack; on these two pages that finds nothing either, as the check shows.
func plain(_ value: ViewValue) -> Any? {
    switch value {
    case .null: return nil
    case .bool(let flag): return flag
    case .text(let text): return text
    case .list(let list): return list.items.compactMap(plain)
    case .object(let object):
        return Dictionary(object.fields.compactMap { field in plain(field.value).map { (field.key, $0) } }, uniquingKeysWith: { a, _ in a })
    }
}

/// Each page, with a phrase of its model that a language's check looks for.
let pages: [(label: String, template: String, model: any Encodable, probe: Phrase)] = [
    ("group page, 60 tiles", "group", Fixture.group(), Fixture.group().summary),
    ("photo page", "photo", Fixture.photo(), Fixture.photo().backLabel),
]

print("Pages: our compiled templates (TemplateSet, ViewEncoder) against swift-mustache 2.1.1, same model")
print("| page | KB | ours µs | swift-mustache µs | ratio | as a body: ours µs | swift-mustache µs | ratio | swift-mustache from dictionaries µs | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for page in pages {
    func mine() -> [UInt8] {
        let bytes: [UInt8]?
        do { bytes = try ours.render(page.model, template: page.template) } catch { fail("\(error)") }
        guard let bytes else { fail("no template \(page.template)") }
        return bytes
    }
    func others() -> String {
        guard let text = theirs.render(page.model, withTemplate: page.template) else { fail("swift-mustache has no \(page.template)") }
        return text
    }
    // The same page both ways, up to the whitespace around standalone partials and the language
    // swift-mustache has not (as TemplateSetTests).
    let a = asSwiftMustacheSays(String(decoding: mine(), as: UTF8.self)), b = others()
    guard squeezed(a) == squeezed(b) else {
        let x = Array(squeezed(a)), y = Array(squeezed(b))
        let at = zip(x, y).prefix { $0 == $1 }.count
        fail("\(page.template): the pages differ at \(at): …\(String(x[max(0, at - 80)..<min(x.count, at + 80)]))… / …\(String(y[max(0, at - 80)..<min(y.count, at + 80)]))…")
    }
    guard a.utf8.count > 2_000, a.contains("</html>") else { fail("\(page.template): a page of \(a.utf8.count) bytes") }
    let dictionaries: Any
    do { dictionaries = plain(try ViewEncoder.encode(page.model)) ?? [String: Any]() } catch { fail("\(error)") }
    func fromDictionaries() -> String {
        guard let text = theirs.render(dictionaries, withTemplate: page.template) else { fail("swift-mustache has no \(page.template)") }
        return text
    }
    guard squeezed(fromDictionaries()) == squeezed(a) else {
        let x = Array(squeezed(a)), y = Array(squeezed(fromDictionaries()))
        let at = zip(x, y).prefix { $0 == $1 }.count
        fail("\(page.template): from dictionaries, the pages differ at \(at): …\(String(x[max(0, at - 80)..<min(x.count, at + 80)]))… / …\(String(y[max(0, at - 80)..<min(y.count, at + 80)]))…")
    }
    let alone = paired({ sink &+= mine().count }, { sink &+= others().utf8.count })
    // What a response needs: the page in a ByteBuffer (as `PageRenderer.render` hands it on).
    let body = paired({ sink &+= ByteBuffer(bytes: mine()).readableBytes }, { sink &+= ByteBuffer(string: others()).readableBytes })
    let best = paired({ sink &+= mine().count }, { sink &+= fromDictionaries().utf8.count })
    print("| \(page.label) | \(fixed(Double(a.utf8.count) / 1024, 1)) | \(fixed(alone.ours * 1e6, 1)) | \(fixed(alone.theirs * 1e6, 1)) | "
        + "\(fixed(alone.ratio, 2))× | \(fixed(body.ours * 1e6, 1)) | \(fixed(body.theirs * 1e6, 1)) | \(fixed(body.ratio, 2))× | "
        + "\(fixed(best.theirs * 1e6, 1)) | \(fixed(best.ratio, 2))× |")
}
print("(CPU µs per page; ratio: swift-mustache's time over ours, the median of the rounds' ratios; both pages checked equal up to whitespace first)")

// MARK: - Pages in other languages

/// German (written left to right, as English) and Arabic (right to left), from their catalogs.
let translated: [(tag: String, language: Language)] = ["de", "ar"].map { tag in
    guard let language = languages.language(tag), language.tag == tag else { fail("no \(tag).po in \(localesFolder)") }
    return (tag, language)
}

func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
}

print("")
print("Pages in other languages: the same model through our TemplateSet (compiled with Locales/*.po), in English and in German / Arabic (right to left)")
print("| page | KB en / de / ar | en µs | de µs | de / en | en µs | ar µs | ar / en |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for page in pages {
    func render(_ language: Language) -> [UInt8] {
        let bytes: [UInt8]?
        do { bytes = try ours.render(page.model, template: page.template, language: language) } catch { fail("\(error)") }
        guard let bytes else { fail("no template \(page.template)") }
        return bytes
    }
    let english = String(decoding: render(.english), as: UTF8.self)
    var sizes = [fixed(Double(english.utf8.count) / 1024, 1)], cells: [String] = []
    for (tag, language) in translated {
        // The page really is in the language: its tag and direction, the layout's words from the
        // catalog, and the model's phrases said in it (here the page's summary or its way back).
        let text = String(decoding: render(language), as: UTF8.self)
        guard text.contains("<html lang=\"\(tag)\" dir=\"\(language.direction)\">"), text.contains("</html>"), text != english else {
            fail("\(page.template) in \(tag): not a page in \(tag) (\(text.utf8.count) bytes)")
        }
        guard let skip = language.translation(of: "Skip to content"), text.contains(escaped(skip)) else {
            fail("\(page.template) in \(tag): the layout's words are not translated")
        }
        let said = language.say(page.probe)
        guard said != page.probe.english, text.contains(escaped(said)) else {
            fail("\(page.template) in \(tag): “\(page.probe.english)” is not said in \(tag) (“\(said)”)")
        }
        sizes.append(fixed(Double(text.utf8.count) / 1024, 1))
        let timing = paired({ sink &+= render(.english).count }, { sink &+= render(language).count })
        cells += [fixed(timing.ours * 1e6, 1), fixed(timing.theirs * 1e6, 1), "\(fixed(timing.ratio, 2))×"]
    }
    print("| \(page.label) | \(sizes.joined(separator: " / ")) | \(cells.joined(separator: " | ")) |")
}
print("(CPU µs per page, each language timed in alternation with English; ratio: the language's time over English's, the median of the "
    + "rounds' ratios; the issue's target: a language costs no more than 5% of a page's time, 1.05×)")

// MARK: - Uploads

/// A `multipart/form-data` body as a browser sends the upload form: a form token, a folder name,
/// then the files, each of pseudo-random bytes (as compressed photos are).
func uploadBody(boundary: String, files: [(name: String, size: Int)]) -> [UInt8] {
    var out: [UInt8] = []
    func field(_ name: String, _ value: String) {
        out += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }
    field("csrf", Fixture.csrf)
    field("folder", "Uploads/2026-11-27 Garden")
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for file in files {
        out += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\(file.name)\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        out.reserveCapacity(out.count + file.size + 256)
        out += [0xFF, 0xD8, 0xFF, 0xE0]
        for _ in 0..<(file.size - 4) {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            out.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        out += Array("\r\n".utf8)
    }
    field("rename", "keep")
    out += Array("--\(boundary)--\r\n".utf8)
    return out
}

struct Part: Equatable {
    var name: String
    var filename: String?
    var bytes: [UInt8] = []
}

/// The request body in the pieces a server hands on (64 KiB, NIO's largest read).
func chunks(_ body: [UInt8], size: Int = 65_536) -> [ByteBuffer] {
    stride(from: 0, to: body.count, by: size).map { ByteBuffer(bytes: body[$0..<min(body.count, $0 + size)]) }
}

let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
let contentType = "multipart/form-data; boundary=\(boundary)"

/// Ours, as the upload route reads a body: `MultipartReader` over `MultipartParser`.
func readOurs(_ pieces: [ByteBuffer], keep: Bool) -> (parts: [Part], bytes: Int) {
    var parts: [Part] = [], bytes = 0
    do {
        var reader = try MultipartReader(contentType: contentType)
        for piece in pieces {
            for event in try reader.feed(piece) {
                switch event {
                case .part(let name, let filename): parts.append(Part(name: name, filename: filename))
                case .data(let data):
                    bytes += data.readableBytes
                    if keep { parts[parts.count - 1].bytes += data.readableBytesView }
                case .partEnd: break
                }
            }
        }
        try reader.finish()
    } catch { fail("ours: \(error)") }
    return (parts, bytes)
}

/// MultipartKit's streaming parser, over the same buffers. It hands on each header as a name and
/// a value; the form field and file names are read from `Content-Disposition` as MultipartKit's
/// own `MultipartPart.name` does, the file name with the same reading of parameters.
func readTheirs(_ pieces: [ByteBuffer], keep: Bool) -> (parts: [Part], bytes: Int) {
    let parser = MultipartKit.MultipartParser(boundary: boundary)
    var parts: [Part] = [], bytes = 0, headers = HTTPHeaders(), finished = false
    var inPart = false
    func begin() {
        guard !inPart else { return }
        inPart = true
        let part = MultipartPart(headers: headers, body: ByteBuffer())
        let disposition = headers.first(name: "Content-Disposition") ?? ""
        parts.append(Part(name: part.name ?? "", filename: MultipartParser.parameters(disposition)["filename"]))
    }
    parser.onHeader = { name, value in headers.add(name: name, value: value) }
    parser.onBody = { data in
        begin()
        bytes += data.readableBytes
        if keep { parts[parts.count - 1].bytes += data.readableBytesView }
    }
    parser.onPartComplete = {
        begin()  // a part with an empty body has no onBody
        headers = HTTPHeaders()
        inPart = false
        finished = true
    }
    do {
        for piece in pieces { try parser.execute(piece) }
    } catch { fail("MultipartKit: \(error)") }
    guard finished else { fail("MultipartKit: no part ended") }
    return (parts, bytes)
}

let uploads: [(label: String, files: [(name: String, size: Int)])] = [
    ("1 file of 4 MB", [("IMG_4001.jpg", 4 << 20)]),
    ("20 files of 200 KB", (1...20).map { ("IMG_\(4100 + $0).jpg", 200 << 10) }),
]
print("")
print("Uploads: our MultipartReader/MultipartParser against MultipartKit 4.7.1's MultipartParser, the same 64 KiB buffers")
print("| body | MB | parts | ours MB/s | MultipartKit MB/s | ours / MultipartKit |")
print("|---|---:|---:|---:|---:|---:|")
for upload in uploads {
    let body = uploadBody(boundary: boundary, files: upload.files)
    let pieces = chunks(body)
    let a = readOurs(pieces, keep: true), b = readTheirs(pieces, keep: true)
    guard a.parts == b.parts else {
        fail("\(upload.label): the parts differ: \(a.parts.map { "\($0.name)/\($0.filename ?? "-")/\($0.bytes.count)" }) / "
            + "\(b.parts.map { "\($0.name)/\($0.filename ?? "-")/\($0.bytes.count)" })")
    }
    guard a.parts.count == upload.files.count + 3, a.parts.filter({ $0.filename != nil }).map(\.bytes.count) == upload.files.map(\.size) else {
        fail("\(upload.label): \(a.parts.count) parts read")
    }
    let timing = paired({ sink &+= readOurs(pieces, keep: false).bytes }, { sink &+= readTheirs(pieces, keep: false).bytes })
    let megabytes = Double(body.count) / 1e6
    print("| \(upload.label) | \(fixed(megabytes, 1)) | \(a.parts.count) | \(fixed(megabytes / timing.ours, 0)) | \(fixed(megabytes / timing.theirs, 0)) | \(fixed(timing.ratio, 2))× |")
}
print("(MB/s: the body's bytes over the median CPU time to read it; both give the same parts, checked first)")
// Read once, so the sum (and so the work behind it) is used.
if sink == 42 { print("") }
