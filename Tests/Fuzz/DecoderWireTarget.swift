import Foundation

/// The decoder workers' JSON lines, as either side reads the other's output: framed from pieces
/// cut where the input says, each line decoded as a request and as an answer, and whatever
/// decodes is written again and reads back the same.
enum DecoderWireTarget {
    /// Small, so that an overlong line is within the fuzzer's reach.
    static let limit = 1024

    static func run(_ bytes: [UInt8]) {
        var framer = DecoderWire.LineFramer(limit: limit)
        var lines: [[UInt8]] = []
        do {
            for piece in pieces(of: bytes) {
                framer.append(piece)
                while let line = try framer.nextLine() { lines.append(line) }
            }
        } catch {
            check(error as? DecoderWire.Failure == .lineTooLong, "framing threw \(error)")
        }
        var consumed = 0
        for line in lines {
            check(line.count <= limit && !line.contains(0x0A), "a line of \(line.count) bytes")
            check(Array(bytes[consumed..<consumed + line.count]) == line && bytes[consumed + line.count] == 0x0A, "a line not in the input")
            consumed += line.count + 1
            if let request = try? DecoderWire.decodeRequest(line) {
                let again = try? DecoderWire.decodeRequest(Array(try DecoderWire.encode(request).dropLast()))
                check(again == request, "a request that does not survive being written again")
            }
            if let answer = try? DecoderWire.decodeAnswer(line) {
                let again = try? DecoderWire.decodeAnswer(Array(try DecoderWire.encode(answer).dropLast()))
                check(again == answer, "an answer that does not survive being written again")
            }
        }
    }
}
