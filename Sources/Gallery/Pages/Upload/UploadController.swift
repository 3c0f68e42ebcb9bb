import Catalog
import Foundation
import Hummingbird
import Imaging
import Logging

/// Uploads from a phone browser: a plain multipart form, streamed to temporary files in the
/// data folder, analysed as the scan analyses library files (bytes, identity, probe),
/// deduplicated by content, and added to the library through its source under the upload
/// folder, indexed at once.
struct UploadController: Sendable {
    let store: any CurationStore
    /// Whether an upload's content is kept already is read through views (`check`).
    let reads: CatalogReads
    let source: any PhotoSource
    let scanner: LibraryScanner
    let pages: PageKit
    let naming: UploadNaming
    /// Largest accepted file, in bytes.
    let limit: Int
    /// Most files one upload may carry.
    let fileLimit: Int
    /// Where bodies are staged (inside the data folder, never the library).
    let stagingFolder: String
    /// When true, the library is treated as read-only whatever the mount says.
    let readOnly: Bool
    let logger: Logger
    /// How a staged file is examined (shared with the WebDAV inbox).
    let intake: Intake

    init(store: any CurationStore, reads: CatalogReads, source: any PhotoSource, scanner: LibraryScanner, pages: PageKit,
         naming: UploadNaming, limit: Int, fileLimit: Int, dataPath: String, readOnly: Bool, logger: Logger) {
        self.fileLimit = fileLimit
        self.store = store
        self.reads = reads
        self.source = source
        self.scanner = scanner
        self.pages = pages
        self.naming = naming
        self.limit = limit
        self.readOnly = readOnly
        self.logger = logger
        intake = Intake(reads: reads, journal: scanner.journal, pool: BlockingPool(label: "photolala.upload", qos: .userInitiated))
        stagingFolder = dataPath + "/uploading"
        // Whatever an interrupted upload left behind is garbage: nothing refers to it.
        try? FileManager.default.removeItem(atPath: stagingFolder)
    }

    func register(with routes: Routes) {
        routes.member.get(.upload, use: page)
        routes.member.post(.upload, use: upload)
    }

    private func isWritable() async -> Bool {
        if readOnly { return false }
        return await source.isWritable()
    }

    /// The upload folder as people read it: Uploads/YYYY/MM.
    private var folderText: String {
        naming.pattern.replacingOccurrences(of: "{yyyy}", with: "YYYY").replacingOccurrences(of: "{mm}", with: "MM")
            .replacingOccurrences(of: "{dd}", with: "DD")
    }

    /// Where the household's uploads go, as the upload page says it.
    private var hint: Phrase {
        Phrase("Photos go to \(folderText) by the date they were taken. A photo already in the library is not stored twice.")
    }

    @Sendable func page(_ request: Request, context: GalleryContext) async throws -> Response {
        let model = UploadView(chrome: pages.chrome(title: Phrase("Upload"), crumbs: [Crumb(name: Phrase("Upload"), url: nil)], for: context),
                               csrf: context.csrfToken, readOnly: !(await isWritable()), limitText: .bytes(Int64(limit)), hint: hint)
        return try pages.response(model, for: context)
    }

    /// Where an upload's new files go: the household's upload folder by the date each was taken,
    /// or, for a share link's holders, a folder of that link's own (`linkFolder`), where nothing
    /// of the household's sits beside them to be paired with.
    enum Destination: Equatable {
        case household
        case link(id: Int64)
    }

    /// The folder under which every link's uploads are filed (`LinkUploads`).
    static let linkFolderRoot = LinkUploads.root

    /// The folder a link's uploads are filed in: one a link, never shared with another's files.
    static func linkFolder(_ id: Int64) -> String { LinkUploads.folder(id) }

    /// Whether a file came through a share link (it lies in a link's folder).
    static func isLinkUpload(_ key: String) -> Bool { LinkUploads.holds(key) }

    /// What became of one file of an upload.
    enum Received {
        case added(sent: String, key: String)
        /// Already in the library (`key`), or the same photo as another file of this upload (nil).
        case duplicate(sent: String, key: String?, detail: Phrase)
        case refused(sent: String, reason: Phrase)
    }

    /// Stages an upload's files (at most `fileLimit`), checks each as the scan would, places the
    /// new ones in the library and indexes them: what the upload page and a share link's upload
    /// form both do.
    func receive(_ request: Request, context: GalleryContext, fileLimit: Int, into destination: Destination = .household) async throws -> [Received] {
        guard await isWritable() else {
            let refusal = Phrase("The library is read-only, so nothing can be uploaded. Browsing, stars, tags and favorites still work.")
            throw PageError(.conflict, message: refusal)
        }
        var reader: MultipartReader
        do { reader = try MultipartReader(contentType: request.headers[.contentType] ?? "") } catch {
            throw PageError(.unsupportedMediaType, message: Phrase("Uploads are sent as a multipart form: use the upload form."))
        }
        let staged = try await stage(request, context: context, reader: &reader, fileLimit: fileLimit)
        defer { for file in staged { unlink(file.path) } }
        guard !staged.isEmpty else { throw PageError(.badRequest, message: Phrase("Choose at least one photo to upload.")) }
        return try await take(staged, visitor: context.visitor, into: destination)
    }

    /// Checks staged files as the scan would, places the new ones in the library and indexes
    /// them, noting who brought them: what every upload does once its files are staged (the
    /// form's, a share link's, the API's). The caller removes what stays staged.
    func take(_ staged: [StagedFile], visitor: Visitor, into destination: Destination = .household) async throws -> [Received] {
        var received: [Received] = []
        var seen: [String: String] = [:]  // sha256 → name, for copies within one upload
        var placed: [(key: String, sent: String, analysis: FileAnalysis)] = []
        for file in staged {
            // A link's holders see nobody's private photos, whoever they are.
            let sight = destination == .household ? visitor.sight : .publicOnly
            switch try await check(file, seen: &seen, into: destination, sight: sight) {
            case .refused(let reason): received.append(.refused(sent: file.name, reason: reason))
            case .duplicate(let existing, let key): received.append(.duplicate(sent: file.name, key: key, detail: existing))
            case .accepted(let folder, let name, let analysis):
                do {
                    let key = try await source.add(stagedFile: file.path, folder: folder, name: name)
                    placed.append((key, file.name, analysis))
                } catch {
                    logger.error("upload could not be placed", metadata: ["name": "\(file.name)", "error": "\(error)"])
                    received.append(.refused(sent: file.name, reason: Phrase("could not be written to the library (is the disk full?)")))
                }
            }
        }
        // Catalogued from the analysis the check made, so each file's bytes are read once.
        let indexed = try await scanner.index(placed: placed.map { ($0.key, $0.analysis) })
        let link: Int64? = if case .link(let id) = destination { id } else { nil }
        let indexedKeys = placed.map(\.key).filter { if case .failed? = indexed[$0] { false } else { true } }
        try await store.recordUploader(keys: indexedKeys, account: link == nil ? visitor.account?.id : nil, link: link)
        for (key, sent, _) in placed {
            if case .failed(let reason)? = indexed[key] {
                received.append(.refused(sent: sent, reason: Phrase("was saved as \(key) but could not be indexed: \(reason)")))
            } else {
                received.append(.added(sent: sent, key: key))
            }
        }
        return received
    }

    @Sendable func upload(_ request: Request, context: GalleryContext) async throws -> Response {
        var result = UploadView.Result()
        for item in try await receive(request, context: context, fileLimit: fileLimit) {
            switch item {
            case .added(let sent, let key): result.added.append(.init(name: sent, detail: .verbatim(key), url: SiteURL.photo(key)))
            case .duplicate(let sent, let key, let detail): result.skipped.append(.init(name: sent, detail: detail, url: key.map { SiteURL.photo($0) }))
            case .refused(let sent, let reason): result.refused.append(.init(name: sent, detail: reason, url: nil))
            }
        }
        logger.info("upload", metadata: ["added": "\(result.added.count)", "skipped": "\(result.skipped.count)",
                                         "refused": "\(result.refused.count)", "account": "\(context.visitor.account?.name ?? "guest")"])
        let status: HTTPResponse.Status = result.added.isEmpty && result.skipped.isEmpty ? .unprocessableContent : .ok
        let model = UploadView(chrome: pages.chrome(title: Phrase("Upload"), crumbs: [Crumb(name: Phrase("Upload"), url: nil)], for: context),
                               csrf: context.csrfToken, readOnly: false, limitText: .bytes(Int64(limit)), hint: hint, result: result.finished())
        return try pages.response(model, status: status, for: context)
    }

    struct StagedFile {
        var name: String
        var path: String
    }

    /// Streams every file part to its own temporary file. The CSRF field must come before the
    /// first file (the form puts it first). A file over the limit fails the whole upload with
    /// 413 after the rest of the body is read and thrown away, so the browser sees the page.
    private func stage(_ request: Request, context: GalleryContext, reader: inout MultipartReader, fileLimit: Int) async throws -> [StagedFile] {
        try FileManager.default.createDirectory(atPath: stagingFolder, withIntermediateDirectories: true)
        var files: [StagedFile] = []
        var field: (name: String, value: [UInt8])?
        var current: (file: StagedFile, fd: Int32, size: Int)?
        var csrf: String?
        var tooLarge: String?
        var tooMany = false
        var failure: Error?
        func discard() {
            if let open = current { close(open.fd); unlink(open.file.path) }
            current = nil
        }
        do {
            for try await chunk in request.body {
                if tooLarge != nil || tooMany || failure != nil { continue }  // drain, so the answer reaches the browser
                for event in try reader.feed(chunk) {
                    switch event {
                    case .part(let name, let filename):
                        if let filename {
                            guard let sent = csrf, FormBody.constantTimeEqual(sent, context.csrfToken) else {
                                failure = Self.expiredForm
                                break
                            }
                            if filename.isEmpty { continue }  // the browser sends an empty part when nothing was chosen
                            guard files.count < fileLimit else {
                                tooMany = true
                                break
                            }
                            let path = stagingFolder + "/" + UUID().uuidString
                            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                            guard fd >= 0 else {
                                throw PageError(Self.insufficientStorage, message: Phrase("The upload could not be stored in the data folder."))
                            }
                            current = (StagedFile(name: filename, path: path), fd, 0)
                        } else {
                            field = (name, [])
                        }
                    case .data(let bytes):
                        if var open = current {
                            open.size += bytes.readableBytes
                            if open.size > limit {
                                tooLarge = open.file.name
                                discard()
                                break
                            }
                            try Self.write(bytes, to: open.fd)
                            current = open
                        } else if field != nil, field!.value.count + bytes.readableBytes <= 4096 {
                            field!.value.append(contentsOf: bytes.readableBytesView)
                        }
                    case .partEnd:
                        if let open = current {
                            close(open.fd)
                            files.append(open.file)
                            current = nil
                        } else if let done = field, done.name == "csrf" {
                            csrf = String(decoding: done.value, as: UTF8.self)
                        }
                        field = nil
                    }
                    if tooLarge != nil || tooMany || failure != nil { break }
                }
            }
            if let failure { throw failure }
            if tooMany {
                let most = fileLimit
                throw PageError(.contentTooLarge, message: Phrase(count: most, "An upload can carry at most \(most) file, so nothing was uploaded. Send them in smaller batches.", "An upload can carry at most \(most) files, so nothing was uploaded. Send them in smaller batches."))
            }
            if let tooLarge {
                let most = Phrase.Argument.bytes(Int64(limit))
                throw PageError(.contentTooLarge, message: Phrase("“\(tooLarge)” is larger than the \(most) limit for one file, so nothing was uploaded."))
            }
            try reader.finish()
            guard csrf.map({ FormBody.constantTimeEqual($0, context.csrfToken) }) == true else {
                throw Self.expiredForm
            }
            return files
        } catch {
            discard()
            for file in files { unlink(file.path) }
            if error is MultipartReader.Failure {
                throw PageError(.badRequest, message: Phrase("The upload arrived broken or incomplete. Please try again."))
            }
            throw error
        }
    }

    /// Streams one file's bytes (a request's whole body) to a staged file, refusing past the
    /// per-file limit with 413 before more is stored. Throws with nothing left staged.
    func stage<Bytes: AsyncSequence>(body: Bytes, name: String) async throws -> StagedFile where Bytes.Element == ArraySlice<UInt8> {
        guard await isWritable() else {
            throw PageError(.conflict, message: Phrase("The library is read-only, so nothing can be uploaded. Browsing, stars, tags and favorites still work."))
        }
        try FileManager.default.createDirectory(atPath: stagingFolder, withIntermediateDirectories: true)
        let file = StagedFile(name: name, path: stagingFolder + "/" + UUID().uuidString)
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PageError(Self.insufficientStorage, message: Phrase("The upload could not be stored in the data folder.")) }
        do {
            var size = 0
            for try await chunk in body {
                size += chunk.count
                if size > limit {
                    let most = Phrase.Argument.bytes(Int64(limit))
                    throw PageError(.contentTooLarge, message: Phrase("“\(name)” is larger than the \(most) limit for one file, so nothing was uploaded."))
                }
                try Self.write(ByteBuffer(bytes: chunk), to: fd)
            }
            close(fd)
            return file
        } catch {
            close(fd)
            unlink(file.path)
            throw error
        }
    }

    private static let expiredForm =
        PageError(.forbidden, message: Phrase("This form has expired or did not come from this site. Reload the page and try again."))
    private static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")

    private static func write(_ buffer: ByteBuffer, to fd: Int32) throws {
        try buffer.withUnsafeReadableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw PageError(insufficientStorage, message: Phrase("The data folder is full, so the upload could not be stored.")) }
                offset += n
            }
        }
    }

    enum Verdict {
        case accepted(folder: String, name: String, analysis: FileAnalysis)
        case duplicate(existing: Phrase, key: String?)
        case refused(Phrase)
    }

    /// Analyses a staged file as the scan would (each read noted in the journal as an upload),
    /// asking the catalog whether a library file already has its content.
    private func check(_ file: StagedFile, seen: inout [String: String], into destination: Destination, sight: Sight) async throws -> Verdict {
        let verdict: Verdict
        let sha256: String
        let (finding, analysis) = await intake.examined(path: file.path, name: file.name, sight: sight)
        switch finding {
        case .notMedia:
            return .refused(Phrase("is not a photo or a video: its bytes are not JPEG, PNG, GIF, WebP, TIFF, HEIC, AVIF, MP4, MOV, M4V, 3GP, WebM, MKV or AVI"))
        case .unreadable(let reason):
            return .refused(Phrase("is not a readable image or video: \(reason)"))
        case .unavailable:
            return .refused(Phrase("could not be checked now; please try again"))
        case .known(let hash, let key):
            verdict = .duplicate(existing: key.map { Phrase("already in the library as \($0)") } ?? Phrase("already in the library"), key: key)
            sha256 = hash
        case .new(let format, let takenAt, let hash):
            let folder = switch destination {
            case .household: naming.folder(for: takenAt ?? Date())
            case .link(let id): Self.linkFolder(id)
            }
            verdict = .accepted(folder: folder, name: UploadNaming.fileName(file.name, format: format), analysis: analysis)
            sha256 = hash
        }
        if let earlier = seen[sha256] { return .duplicate(existing: Phrase("the same photo as “\(earlier)” in this upload"), key: nil) }
        seen[sha256] = file.name
        return verdict
    }
}
