/// The patches that leave a file saying nothing of where it was taken, for a share link whose
/// maker did not share places; nil when that cannot be known, and the caller then withholds the
/// file. Not known to be clean is unclean: each format's whole structure is walked and every
/// place it can hold is found and overwritten in place (`GPSRedaction.Patch`, applied as the
/// bytes stream out, so the file keeps its length and ranges still work), and anything not
/// positively understood gives nil: a RAW file (its makernotes are not read), WebM, Matroska and
/// AVI, a file over `largestFile`, a structure that does not hold.
public enum PlaceRedaction {
    /// The largest still read whole (a video is read box by box, its `moov` up to
    /// `VideoPlaceRedaction.largestBox`); past this, nil.
    public static let largestFile: Int64 = 256 << 20

    /// The patches for a file of `format` and `size` bytes read through `read`, or nil.
    public static func patches(format: ImageFormat, size: Int64, read: (Range<Int64>) async throws -> [UInt8]) async -> [GPSRedaction.Patch]? {
        guard size >= 0 else { return nil }
        switch format {
        case .mp4, .mov, .m4v, .threeGP:
            return await VideoPlaceRedaction.patches(size: size, read: read)
        default:
            guard handled(format), size <= largestFile, let file = try? await read(0..<size), file.count == Int(size) else { return nil }
            return patches(format: format, file: file)
        }
    }

    /// The patches for a whole file of `format` in memory, or nil (pure: for tests and fuzzing).
    public static func patches(format: ImageFormat, file: [UInt8]) -> [GPSRedaction.Patch]? {
        guard handled(format) else { return nil }
        if format.isVideo { return VideoPlaceRedaction.patches(file: file) }
        return file.withUnsafeBufferPointer { buffer -> [GPSRedaction.Patch]? in
            let data = JPEGHeader.Reader(bytes: buffer)
            switch format {
            case .jpeg: return JPEGPlaces.patches(data, 0..<data.count)
            case .png: return PNGPlaces.patches(data)
            case .webp: return WebPPlaces.patches(data)
            case .tiff: return TIFFFilePlaces.patches(data)
            case .heic, .avif: return HEIFPlaces.patches(data)
            case .gif: return GIFPlaces.patches(data)
            default: return nil
            }
        }
    }

    /// Whether a file of `format` can be made placeless at all (one of another format never is:
    /// a page need not offer it to a link that hides places).
    public static func handled(_ format: ImageFormat) -> Bool {
        switch format {
        case .jpeg, .png, .webp, .tiff, .heic, .avif, .gif, .mp4, .mov, .m4v, .threeGP: true
        case .webm, .mkv, .avi: false
        case .dng, .cr2, .cr3, .nef, .arw, .raf, .orf, .rw2, .pef: false
        }
    }
}
