import Foundation
import Hummingbird
import Imaging
import NIOCore
import Testing
@testable import Gallery

@Suite struct MultipartReaderTests {
    static let body = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nabc\r\n"
        + "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a \\\"b\\\".jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
        + "line one\r\n--XyNot a boundary\r\n\r\n--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\"\r\n\r\n\r\n--XyZ--\r\nepilogue"

    /// Runs the reader over `body` cut into pieces of `size` bytes and folds the events back together.
    func read(_ body: String, pieceSize size: Int) throws -> [String] {
        var reader = try MultipartReader(contentType: "multipart/form-data; boundary=XyZ")
        var out: [String] = []
        var data = ""
        let bytes = Array(body.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            for event in try reader.feed(ByteBuffer(bytes: bytes[start..<min(bytes.count, start + size)])) {
                switch event {
                case .part(let name, let filename): out.append("part \(name) \(filename ?? "-")")
                case .data(let buffer): data += String(buffer: buffer)
                case .partEnd: out.append("data \(data)"); data = ""
                }
            }
        }
        try reader.finish()
        return out
    }

    @Test(arguments: [1, 2, 3, 7, 16, 1000])
    func splitsPartsWhereverTheBytesAreCut(size: Int) throws {
        #expect(try read(Self.body, pieceSize: size) == [
            "part csrf -", "data abc",
            "part files a \"b\".jpg", "data line one\r\n--XyNot a boundary\r\n",
            "part files ", "data ",
        ])
    }

    @Test func aBodyThatStopsEarlyIsMalformed() throws {
        var reader = try MultipartReader(contentType: "multipart/form-data; boundary=XyZ")
        _ = try reader.feed(ByteBuffer(string: "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.jpg\"\r\n\r\npartial"))
        #expect(throws: MultipartReader.Failure.self) { try reader.finish() }
    }

    @Test func refusesWhatIsNotMultipart() {
        #expect(throws: MultipartReader.Failure.notMultipart) { try MultipartReader(contentType: "application/x-www-form-urlencoded") }
        #expect(throws: MultipartReader.Failure.notMultipart) { try MultipartReader(contentType: "multipart/form-data") }
    }

    @Test func quotedBoundariesAreUnquoted() throws {
        var reader = try MultipartReader(contentType: "multipart/form-data; boundary=\"XyZ\"")
        let events = try reader.feed(ByteBuffer(string: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ--"))
        #expect(events == [.part(name: "a", filename: nil), .data(ByteBuffer(string: "1")), .partEnd])
        #expect(reader.isFinished)
    }
}

@Suite struct UploadNamingTests {
    @Test func fileNamesAreMadeSafe() {
        #expect(UploadNaming.fileName("IMG_0001.JPG", format: .jpeg) == "IMG_0001.JPG")
        #expect(UploadNaming.fileName("C:\\Users\\me\\photo.jpeg", format: .jpeg) == "photo.jpeg")
        #expect(UploadNaming.fileName("../../etc/passwd", format: .png) == "passwd.png")
        #expect(UploadNaming.fileName(".hidden.jpg", format: .jpeg) == "hidden.jpg")
        #expect(UploadNaming.fileName("a\u{0}b\nc.jpg", format: .jpeg) == "abc.jpg")
        #expect(UploadNaming.fileName("shot.png", format: .jpeg) == "shot.png.jpg")
        #expect(UploadNaming.fileName("", format: .heic) == "upload.heic")
        #expect(UploadNaming.fileName(String(repeating: "é", count: 200) + ".jpg", format: .jpeg).utf8.count <= 124)
        #expect(UploadNaming.fileName("DSC_0001.NEF", format: .nef) == "DSC_0001.NEF")
        #expect(UploadNaming.fileName("IMG_0002.JPG", format: .cr3) == "IMG_0002.JPG.cr3")
    }

    @Test func everyFormatHasAnExtension() {
        for format in ImageFormat.allCases {
            #expect(UploadNaming.fileName("", format: format).hasPrefix("upload."), "\(format)")
        }
    }

    @Test func foldersComeFromTheDateTaken() {
        let naming = UploadNaming(pattern: "Uploads/{yyyy}/{mm}/{dd}")
        #expect(naming.folder(for: Date(timeIntervalSince1970: 1_689_328_800)) == "Uploads/2023/07/14")
    }

    @Test func badPatternsAreNamed() {
        #expect(UploadNaming.validate("Uploads/{yyyy}/{mm}") == nil)
        #expect(UploadNaming.validate("../outside")?.contains("must be a relative folder inside the library") == true)
        #expect(UploadNaming.validate("/abs/{yyyy}") != nil)
        #expect(UploadNaming.validate(".hidden/{yyyy}") != nil)
    }

    @Test func theFoldersUploadsReachAreKnownByThePatternsShape() {
        let dated = UploadNaming(pattern: "Uploads/{yyyy}/{mm}")
        for path in ["Uploads", "Uploads/2024", "Uploads/2024/08", "Uploads/2024/08/deeper"] { #expect(dated.reaches(path), "\(path)") }
        for path in ["trip", "Uploads2", "Uploads/24", "Uploads/2024/8", "Uploads/x024"] { #expect(!dated.reaches(path), "\(path)") }
        let bare = UploadNaming(pattern: "{yyyy}-{mm}")
        #expect(bare.reaches("2024-08") && bare.reaches("2024-08/more"))
        #expect(!bare.reaches("2024") && !bare.reaches("trip") && !bare.reaches("2024-8"))
        #expect(UploadNaming(pattern: "Phone").reaches("Phone") && !UploadNaming(pattern: "Phone").reaches("Phones"))
    }
}
