/// What makes two photos alike without any model: a 64-bit difference hash of the picture
/// (dHash: the picture reduced to 9 × 8 cells by averaging, each bit saying whether a cell is
/// darker than its right-hand neighbour), which recompression, resizing, a small crop or a
/// change of exposure barely move, and how sharp it is (the variance of its Laplacian), by
/// which the best shot of a burst is chosen. Both are made of the upright picture's grey
/// levels, decoded at about `workingSide` pixels on the longer side, in a decoder worker
/// (`Imaging.likeness`).
public struct Likeness: Sendable, Equatable, Codable {
    /// The difference hash: bit `8 * row + column` is set when that cell is darker than the next.
    public var hash: UInt64
    /// The variance of the 4-neighbour Laplacian of the grey levels (0 for a flat picture): higher is sharper.
    public var sharpness: Double

    public init(hash: UInt64, sharpness: Double) {
        self.hash = hash
        self.sharpness = sharpness
    }

    /// The longer side of the grey picture both are measured on, at least (a JPEG is decoded at
    /// the smallest scale its decoder offers that keeps this many pixels, up to twice as many;
    /// any other picture is rendered to it). Stills of one burst have one size, so their
    /// sharpness is measured at one scale and compared fairly.
    public static let workingSide = 512

    /// How many of the 64 bits two hashes differ in: 0 for the same picture, about 32 for unrelated ones.
    public static func distance(_ a: UInt64, _ b: UInt64) -> Int { (a ^ b).nonzeroBitCount }

    /// The likeness of a `width` × `height` grey picture (`grey` a byte a pixel, row by row);
    /// nil when the sizes and the bytes disagree or the picture is empty.
    public static func of(grey: [UInt8], width: Int, height: Int) -> Likeness? {
        guard width > 0, height > 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count == grey.count else { return nil }
        return grey.withUnsafeBufferPointer { pixels in
            Likeness(hash: differenceHash(pixels, width: width, height: height),
                     sharpness: laplacianVariance(pixels, width: width, height: height))
        }
    }

    /// The hash of the picture reduced to 9 × 8 cells, each the mean of the pixels it covers (a
    /// cell covers at least one pixel, so a picture smaller than the grid repeats its pixels).
    static func differenceHash(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> UInt64 {
        var cells = [Double](repeating: 0, count: 9 * 8)
        for row in 0..<8 {
            let y0 = row * height / 8, y1 = max(y0 + 1, (row + 1) * height / 8)
            for column in 0..<9 {
                let x0 = column * width / 9, x1 = max(x0 + 1, (column + 1) * width / 9)
                var sum = 0
                for y in y0..<y1 {
                    let line = y * width
                    for x in x0..<x1 { sum += Int(pixels[line + x]) }
                }
                cells[row * 9 + column] = Double(sum) / Double((y1 - y0) * (x1 - x0))
            }
        }
        var hash: UInt64 = 0
        for row in 0..<8 {
            for column in 0..<8 where cells[row * 9 + column] < cells[row * 9 + column + 1] {
                hash |= 1 << UInt64(row * 8 + column)
            }
        }
        return hash
    }

    /// The variance of `4·p − (up + down + left + right)` over the pixels that have all four
    /// neighbours; 0 for a picture too small to have any.
    static func laplacianVariance(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> Double {
        guard width >= 3, height >= 3 else { return 0 }
        var sum = 0.0, squares = 0.0
        for y in 1..<(height - 1) {
            let line = y * width
            for x in 1..<(width - 1) {
                let at = line + x
                let value = 4 * Int(pixels[at]) - Int(pixels[at - 1]) - Int(pixels[at + 1]) - Int(pixels[at - width]) - Int(pixels[at + width])
                let v = Double(value)
                sum += v
                squares += v * v
            }
        }
        let n = Double((width - 2) * (height - 2))
        let mean = sum / n
        return max(0, squares / n - mean * mean)
    }

    // The hash travels as 16 hex digits: JSON numbers past 2^53 are not read back exactly everywhere.
    private enum CodingKeys: String, CodingKey { case hash, sharpness }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .hash)
        guard text.utf8.count == 16, let hash = UInt64(text, radix: 16) else {
            throw DecodingError.dataCorruptedError(forKey: .hash, in: container, debugDescription: "not 16 hex digits")
        }
        let sharpness = try container.decode(Double.self, forKey: .sharpness)
        guard sharpness.isFinite, sharpness >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .sharpness, in: container, debugDescription: "not a sharpness")
        }
        self.init(hash: hash, sharpness: sharpness)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hexHash, forKey: .hash)
        try container.encode(sharpness, forKey: .sharpness)
    }

    /// The hash as 16 lower-case hex digits.
    public var hexHash: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
