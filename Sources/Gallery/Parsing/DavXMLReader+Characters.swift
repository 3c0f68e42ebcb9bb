import Foundation

extension DavXMLReader {
    /// Whether `bytes` is UTF-8 (no overlong forms, no surrogates) made only of XML 1.0 characters.
    static func isValidText(_ bytes: [UInt8]) -> Bool {
        var at = 0
        while at < bytes.count {
            let lead = bytes[at]
            if lead < 0x80 {
                guard isXMLChar(UInt32(lead)) else { return false }
                at += 1
                continue
            }
            let width: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: width = 2; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: width = 3; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: width = 4; scalar = UInt32(lead & 0x07)
            default: return false
            }
            guard at + width <= bytes.count else { return false }
            for next in bytes[(at + 1)..<(at + width)] {
                guard next & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            let shortest: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
            guard scalar >= shortest, isXMLChar(scalar) else { return false }
            at += width
        }
        return true
    }

    /// The scalar whose encoding starts at `index` and its width in bytes (U+0000, not a name
    /// character, past the end, which checked text never has).
    func scalar(at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        guard lead >= 0x80 else { return (UInt32(lead), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + width <= bytes.count else { return (0, 1) }
        var scalar = UInt32(lead) & (0x7F >> UInt32(width))
        for next in bytes[(index + 1)..<(index + width)] { scalar = scalar << 6 | UInt32(next & 0x3F) }
        return (scalar, width)
    }

    /// XML 1.0's Char: tab, line ends, and everything from space on but surrogates, U+FFFE and U+FFFF.
    static func isXMLChar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// XML 1.0's NameStartChar, without the colon (which only separates a prefix here).
    static func isNameStart(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF: true
        default: false
        }
    }

    /// XML 1.0's NameChar less the colon: a start character, or a digit, `-`, `.` and a few marks.
    static func isNameChar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isNameStart(scalar)
        }
    }

    /// XML's white space: space, tab, line feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The value of a decimal (or, with `hex`, hexadecimal) digit.
    static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46 where hex: UInt32(byte - 0x41 + 10)
        case 0x61...0x66 where hex: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
