/// `multipart/form-data` uploads: the input is a `Content-Type` line, a newline, then the body.
/// The body is fed whole, a byte at a time, and in pieces cut where the input says; all three
/// must give the same parts and the same verdict, and nothing past a capped header is held back.
enum MultipartTarget {
    /// Small, so that the caps on headers and padding are within the fuzzer's reach.
    static let maxHeaderBytes = 256

    struct Part: Equatable {
        var name: String
        var filename: String?
        var data: [UInt8] = []
        var ended = false
    }

    enum Outcome: Equatable {
        case parsed(parts: [Part], finished: Bool)
        case failed(MultipartParser.Failure)
    }

    static func run(_ bytes: [UInt8]) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
        guard (try? MultipartParser(contentType: contentType)) != nil else { return }
        let body = Array(bytes[min(bytes.count, newline + 1)...])
        let whole = outcome(contentType, [body[...]])
        let byByte = outcome(contentType, body.indices.map { body[$0..<$0 + 1] })
        let cut = outcome(contentType, pieces(of: body))
        check(whole == byByte, "one piece and byte by byte disagree: \(whole) / \(byByte)")
        check(whole == cut, "one piece and cut pieces disagree: \(whole) / \(cut)")
    }

    static func outcome(_ contentType: String, _ chunks: [ArraySlice<UInt8>]) -> Outcome {
        guard var parser = try? MultipartParser(contentType: contentType, maxHeaderBytes: maxHeaderBytes) else {
            return .failed(.notMultipart)
        }
        var parts: [Part] = []
        do {
            for chunk in chunks {
                for event in try parser.feed(chunk) {
                    switch event {
                    case .part(let name, let filename):
                        check(parts.last?.ended ?? true, "a part began inside another")
                        parts.append(Part(name: name, filename: filename))
                    case .data(let data):
                        check(!data.isEmpty, "an empty data event")
                        check(parts.last.map { !$0.ended } ?? false, "data outside a part")
                        parts[parts.count - 1].data += data
                    case .partEnd:
                        check(parts.last.map { !$0.ended } ?? false, "an end outside a part")
                        parts[parts.count - 1].ended = true
                    }
                }
                // At most a capped header (and its CRLF CRLF), or one delimiter, is held back.
                check(parser.heldBack <= maxHeaderBytes + 4 + 74, "\(parser.heldBack) bytes held back")
            }
        } catch let failure as MultipartParser.Failure {
            return .failed(failure)
        } catch {
            check(false, "an error that is not a MultipartParser.Failure: \(error)")
        }
        if parser.isFinished { check(parts.allSatisfy(\.ended), "finished inside a part") }
        return .parsed(parts: parts, finished: parser.isFinished)
    }
}
