import CTurboJPEG

#if canImport(Glibc)
    import Glibc
#endif

/// Renditions of JPEGs straight through libjpeg-turbo, the grid's and the screen's: decode at the
/// smallest n/8 scale that still covers the box (so what is left to resize is less than twice
/// the box, where a triangle filter is as good as any), orient, crop and resize in Swift, and encode a
/// baseline 4:2:0 JPEG with no metadata at all. The decode at 1/8 scale is most of the work
/// either way; skipping ImageMagick's pixel cache, filters and encoder set-up is what makes
/// this path faster than the tools people would otherwise use.
///
/// It runs where `renderJPEGHere` runs, so inside a decoder worker when they are started.
/// Anything it does not handle (CMYK, a decode warning such as a truncated file, a box larger
/// than the screen rendition) answers nil, and ImageMagick renders (or refuses) the file instead.
enum TurboRendition {
    /// The largest box side this path makes: the screen rendition's.
    static let maxBox = 1600

    static func render(
        jpeg bytes: [UInt8], orientation: Int, rotation: Rotation = .none, width: Int, height: Int, fit: RenditionFit,
        quality: Int
    ) -> [UInt8]? {
        pixels(jpeg: bytes, orientation: orientation, rotation: rotation, width: width, height: height, fit: fit)
            .flatMap { encode($0, quality: quality) }
    }

    /// The rendition's pixels, oriented, cropped and resized, before they are stored.
    static func pixels(
        jpeg bytes: [UInt8], orientation: Int, rotation: Rotation = .none, width: Int, height: Int, fit: RenditionFit
    ) -> Pixels? {
        guard width > 0, height > 0, max(width, height) <= maxBox, !bytes.isEmpty else { return nil }
        guard let decoder = tjInitDecompress() else { return nil }
        defer { tjDestroy(decoder) }
        guard let (imageWidth, imageHeight) = size(decoder, bytes) else { return nil }

        // The box in stored pixels: orientations 5...8 turn the picture a quarter, and so may the household.
        let turned = (5...8).contains(orientation) != rotation.swapsSides
        let (storedBoxWidth, storedBoxHeight) = turned ? (height, width) : (width, height)
        let scale = RenditionGeometry.scale(
            width: imageWidth, height: imageHeight, boxWidth: storedBoxWidth, boxHeight: storedBoxHeight, fit: fit)
        let needWidth = max(1, Int((Double(imageWidth) * scale).rounded(.up)))
        let needHeight = max(1, Int((Double(imageHeight) * scale).rounded(.up)))
        let factor = smallestFactor(width: imageWidth, height: imageHeight, covering: needWidth, needHeight)

        let decodedWidth = scaled(imageWidth, factor), decodedHeight = scaled(imageHeight, factor)
        var decoded = [UInt8](repeating: 0, count: decodedWidth * decodedHeight * 3)
        let status = decoded.withUnsafeMutableBufferPointer { out in
            tjDecompress2(decoder, bytes, UInt(bytes.count), out.baseAddress, Int32(decodedWidth), 0, Int32(decodedHeight),
                          Int32(TJPF_RGB.rawValue), 0)
        }
        // Any warning (a truncated file, say) goes to ImageMagick, which has its own rules for it.
        guard status == 0 else { return nil }

        var image = Pixels(width: decodedWidth, height: decodedHeight, rgb: decoded).oriented(orientation)
            .oriented(rotation.exifOrientation)
        let plan = RenditionGeometry.plan(width: image.width, height: image.height, boxWidth: width, boxHeight: height, fit: fit)
        if plan.crops(width: image.width, height: image.height) {
            image = image.cropped(x: plan.cropX, y: plan.cropY, width: plan.cropWidth, height: plan.cropHeight)
        }
        if plan.resizes { image = image.resized(width: plan.resizeWidth, height: plan.resizeHeight) }
        return image
    }

    /// The picture's grey levels, upright, decoded at the smallest n/8 scale whose longer side is
    /// still at least `longSide` (or whole, when the picture is smaller): what measuring likeness
    /// needs. Decoding straight to grey takes the luma channel as it is stored (ITU-R BT.601
    /// weights), so the chroma is neither upsampled nor converted, and a 12 MP
    /// photo's decode at 1/4 or 1/8 scale costs little more than its entropy decoding. nil for
    /// what `pixels` declines too (CMYK, any decode warning).
    static func grey(jpeg bytes: [UInt8], orientation: Int, longSide: Int) -> GreyPicture? {
        guard longSide > 0, !bytes.isEmpty else { return nil }
        guard let decoder = tjInitDecompress() else { return nil }
        defer { tjDestroy(decoder) }
        guard let (width, height) = size(decoder, bytes) else { return nil }
        let need = min(longSide, max(width, height))
        let factor = width >= height
            ? smallestFactor(width: width, height: height, covering: need, 1)
            : smallestFactor(width: width, height: height, covering: 1, need)
        let decodedWidth = scaled(width, factor), decodedHeight = scaled(height, factor)
        var decoded = [UInt8](repeating: 0, count: decodedWidth * decodedHeight)
        let status = decoded.withUnsafeMutableBufferPointer { out in
            tjDecompress2(decoder, bytes, UInt(bytes.count), out.baseAddress, Int32(decodedWidth), 0, Int32(decodedHeight),
                          Int32(TJPF_GRAY.rawValue), 0)
        }
        guard status == 0 else { return nil }
        let (upright, uprightWidth, uprightHeight) = Pixels.oriented(decoded, width: decodedWidth, height: decodedHeight, channels: 1, orientation)
        return GreyPicture(width: uprightWidth, height: uprightHeight, levels: upright)
    }

    /// The stored width and height of the JPEG in `bytes` as `decoder` reads its header; nil when
    /// it cannot, or for CMYK (which this path leaves to ImageMagick).
    private static func size(_ decoder: tjhandle, _ bytes: [UInt8]) -> (Int, Int)? {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(decoder, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
              width > 0, height > 0,
              colorspace != Int32(TJCS_CMYK.rawValue), colorspace != Int32(TJCS_YCCK.rawValue) else { return nil }
        return (Int(width), Int(height))
    }

    /// Files larger than this are left to ImageMagick rather than read whole into memory.
    static let maxFileSize = 64 << 20

    /// The whole file, or nil when it cannot be read or is larger than `maxFileSize`.
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size <= maxFileSize else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        let filled = bytes.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < size {
                let count = read(fd, buffer.baseAddress! + done, size - done)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                done += count
            }
            return done
        }
        return filled == size ? bytes : nil
    }

    /// The smallest scaling factor libjpeg-turbo offers whose output still covers the needed size.
    static func smallestFactor(width: Int, height: Int, covering needWidth: Int, _ needHeight: Int) -> tjscalingfactor {
        var count: Int32 = 0
        var best = tjscalingfactor(num: 1, denom: 1)
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for index in 0..<Int(count) {
            let factor = factors[index]
            // Never upscale in the decoder, and never go below what the box needs.
            guard factor.num <= factor.denom else { continue }
            let w = scaled(width, factor), h = scaled(height, factor)
            if w >= needWidth, h >= needHeight, w < scaled(width, best) { best = factor }
        }
        return best
    }

    /// TJSCALED: the dimension libjpeg-turbo decodes to under `factor` (rounded up).
    static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }

    /// A JPEG of one flat grey: what a placeholder is, made without ImageMagick so that drawing
    /// one never depends on the decoder whose failure it stands in for.
    static func flat(width: Int, height: Int, grey: UInt8, quality: Int) -> [UInt8]? {
        encode(Pixels(width: width, height: height, rgb: [UInt8](repeating: grey, count: width * height * 3)), quality: quality)
    }

    static func encode(_ image: Pixels, quality: Int) -> [UInt8]? {
        guard let encoder = tjInitCompress() else { return nil }
        defer { tjDestroy(encoder) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.rgb.withUnsafeBufferPointer { pixels in
            tjCompress2(encoder, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(TJSAMP_420.rawValue), Int32(min(max(quality, 1), 100)), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output, size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}

/// A grey picture, a byte a pixel, row by row.
struct GreyPicture: Equatable {
    var width: Int
    var height: Int
    var levels: [UInt8]
}

/// A small RGB image (8 bits a channel) and the few operations a grid rendition needs.
struct Pixels: Equatable {
    var width: Int
    var height: Int
    var rgb: [UInt8]

    /// Turned and flipped upright as EXIF orientation `orientation` (1...8) says.
    func oriented(_ orientation: Int) -> Pixels {
        let (bytes, outWidth, outHeight) = Self.oriented(rgb, width: width, height: height, channels: 3, orientation)
        return Pixels(width: outWidth, height: outHeight, rgb: bytes)
    }

    /// `bytes`, a picture of `channels` bytes a pixel row by row, turned and flipped upright as
    /// EXIF orientation `orientation` (1...8) says; with its new width and height.
    static func oriented(_ bytes: [UInt8], width w: Int, height h: Int, channels: Int, _ orientation: Int) -> ([UInt8], Int, Int) {
        guard (2...8).contains(orientation) else { return (bytes, w, h) }
        let turned = orientation >= 5
        let (outWidth, outHeight) = turned ? (h, w) : (w, h)
        var out = [UInt8](repeating: 0, count: bytes.count)
        bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // Where the output pixel (x, y) comes from in the stored image.
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - x, y)
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case 4: (sx, sy) = (x, h - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, h - 1 - x)
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                        default: (sx, sy) = (w - 1 - y, x)  // 8
                        }
                        let from = (sy * w + sx) * channels, to = (y * outWidth + x) * channels
                        // RGB, the renditions' case, copied without an inner loop (a third
                        // slower at a screen rendition's 3 MP when the count is only known at run time).
                        switch channels {
                        case 3:
                            target[to] = source[from]
                            target[to + 1] = source[from + 1]
                            target[to + 2] = source[from + 2]
                        default:
                            for channel in 0..<channels { target[to + channel] = source[from + channel] }
                        }
                    }
                }
            }
        }
        return (out, outWidth, outHeight)
    }

    func cropped(x: Int, y: Int, width newWidth: Int, height newHeight: Int) -> Pixels {
        var out = [UInt8]()
        out.reserveCapacity(newWidth * newHeight * 3)
        for row in y..<y + newHeight {
            let start = (row * width + x) * 3
            out.append(contentsOf: rgb[start..<start + newWidth * 3])
        }
        return Pixels(width: newWidth, height: newHeight, rgb: out)
    }

    /// Resized with a triangle filter widened to the scale when shrinking (every source pixel
    /// counts, so nothing aliases), bilinear when growing; horizontal pass, then vertical.
    ///
    /// Half a screen rendition's making is here (a 2016 x 1512 decode to 1600 x 1200), so it is
    /// written for the machine: each output's taps are a run of neighbouring source pixels read
    /// through pointers, and the vertical pass goes a whole row at a time, adding each tap's row
    /// to the output row. The sums are the same, added in the same order, as one output pixel at
    /// a time would add them (`TurboRenditionTests` holds that straightforward form to compare).
    func resized(width newWidth: Int, height newHeight: Int) -> Pixels {
        let horizontal = Taps(Self.weights(from: width, to: newWidth))
        let vertical = Taps(Self.weights(from: height, to: newHeight))
        let rowFloats = newWidth * 3
        let middle = [Float](unsafeUninitializedCapacity: rowFloats * height) { middle, initialized in
            rgb.withUnsafeBufferPointer { source in
                horizontal.weights.withUnsafeBufferPointer { weights in
                    for row in 0..<height {
                        let from = source.baseAddress! + row * width * 3
                        let to = middle.baseAddress! + row * rowFloats
                        for x in 0..<newWidth {
                            var r: Float = 0, g: Float = 0, b: Float = 0
                            let first = horizontal.first[x], offset = horizontal.offset[x]
                            for tap in 0..<horizontal.count[x] {
                                let weight = weights[offset + tap]
                                let pixel = from + (first + tap) * 3
                                r += Float(pixel[0]) * weight
                                g += Float(pixel[1]) * weight
                                b += Float(pixel[2]) * weight
                            }
                            to[x * 3] = r
                            to[x * 3 + 1] = g
                            to[x * 3 + 2] = b
                        }
                    }
                }
            }
            initialized = rowFloats * height
        }
        var sums = [Float](repeating: 0, count: rowFloats)
        let out = [UInt8](unsafeUninitializedCapacity: rowFloats * newHeight) { out, initialized in
            middle.withUnsafeBufferPointer { middle in
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<newHeight {
                        sums.update(repeating: 0)
                        let first = vertical.first[y], offset = vertical.offset[y]
                        for tap in 0..<vertical.count[y] {
                            let weight = vertical.weights[offset + tap]
                            let row = middle.baseAddress! + (first + tap) * rowFloats
                            for i in 0..<rowFloats { sums[i] += row[i] * weight }
                        }
                        let to = out.baseAddress! + y * rowFloats
                        for i in 0..<rowFloats { to[i] = Self.byte(sums[i]) }
                    }
                }
            }
            initialized = rowFloats * newHeight
        }
        return Pixels(width: newWidth, height: newHeight, rgb: out)
    }

    /// The nearest byte, halves away from zero as `rounded()` has them, with no branch and no
    /// call into the maths library (which `rounded()` is on this target): adding the float just
    /// below a half and truncating rounds every value from 0 to 255 as `rounded()` does, where
    /// adding a half itself would round the float just below a half up.
    @inline(__always) static func byte(_ value: Float) -> UInt8 {
        UInt8(Int32(min(max(value, 0) + 0.49999997, 255)))
    }

    /// Each output position's taps laid end to end: the first source position, how many
    /// neighbouring positions follow it, and where their weights start in `weights`.
    struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        var offset: [Int] = []
        var weights: [Float] = []

        /// From `weights(from:to:)`, whose taps are always a run of neighbouring positions.
        init(_ taps: [[(Int, Float)]]) {
            for run in taps {
                first.append(run[0].0)
                count.append(run.count)
                offset.append(weights.count)
                weights.append(contentsOf: run.map(\.1))
            }
        }
    }

    /// For each output position, the source positions and their normalised weights.
    static func weights(from source: Int, to target: Int) -> [[(Int, Float)]] {
        let ratio = Double(source) / Double(target)
        let support = max(1, ratio)
        return (0..<target).map { out in
            let center = (Double(out) + 0.5) * ratio - 0.5
            let low = max(0, Int((center - support).rounded(.up)))
            let high = min(source - 1, Int((center + support).rounded(.down)))
            var taps: [(Int, Float)] = []
            var total = 0.0
            if low <= high {
                for index in low...high {
                    let weight = max(0, 1 - abs(Double(index) - center) / support)
                    if weight > 0 { taps.append((index, Float(weight))); total += weight }
                }
            }
            // An edge with no tap in reach takes the nearest pixel.
            if taps.isEmpty { return [(min(source - 1, max(0, Int(center.rounded()))), 1)] }
            return taps.map { ($0.0, Float(Double($0.1) / total)) }
        }
    }
}
