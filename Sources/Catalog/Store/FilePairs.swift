import Imaging

/// Which files belong to another one: one shot kept as several files in one folder, under one
/// base name. A Live Photo is a still (HEIC or JPEG) and a short clip (`IMG_0001.HEIC` and
/// `IMG_0001.MOV`); a RAW is often kept beside the JPEG the camera made of the same shot
/// (`DSC_0001.NEF` and `DSC_0001.JPG`). The still is the item groups list and people curate; the
/// others are its companions, shown and downloaded from its page, moved to the trash with it.
///
/// Pure: given the files of some folders, it says what each should be paired to.
public enum FilePairs {
    /// What a file has beside it, as bits of `file.companions`.
    public struct Companions: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A Live Photo's motion clip.
        public static let live = Companions(rawValue: 1)
        /// The RAW file of the same shot.
        public static let raw = Companions(rawValue: 2)
    }

    /// A file as the pairing needs it.
    public struct File: Sendable, Equatable {
        public var id: Int64
        public var folder: String
        public var name: String
        public var format: String
        public var durationMs: Int64?
        /// Whose private photo it is (`photo.privateTo`), nil for the household's.
        public var owner: Int64?

        public init(id: Int64, folder: String, name: String, format: String, durationMs: Int64?, owner: Int64? = nil) {
            (self.id, self.folder, self.name, self.format, self.durationMs, self.owner) = (id, folder, name, format, durationMs, owner)
        }
    }

    /// A Live Photo's clip lasts about three seconds; anything longer is a video of its own even
    /// when it shares a name with a picture.
    public static let longestLiveClipMs: Int64 = 10_000

    /// Formats a camera's RAW file comes in.
    public static let rawFormats: Set<String> = Set(ImageFormat.allCases.filter(\.isRaw).map(\.rawValue))
    /// The same as an SQL list, `'arw','cr2',…`, for `format IN (…)`.
    static let rawFormatList = rawFormats.sorted().map { "'\($0)'" }.joined(separator: ",")
    /// Containers a Live Photo's clip comes in.
    static let clipFormats: Set<String> = [ImageFormat.mov.rawValue, ImageFormat.mp4.rawValue]

    /// The SQL condition (over `photo p`) for a file that may be a companion, so only the folders
    /// holding one need reading.
    static var candidateCondition: String {
        let clips = clipFormats.sorted().map { "'\($0)'" }.joined(separator: ",")
        return "(p.format IN (\(rawFormatList)) OR (p.format IN (\(clips)) AND p.durationMs <= \(longestLiveClipMs)))"
    }

    /// What the companion would be to a still, if anything.
    static func role(of file: File) -> Companions? {
        if rawFormats.contains(file.format) { return .raw }
        if clipFormats.contains(file.format), let length = file.durationMs, length <= longestLiveClipMs { return .live }
        return nil
    }

    /// The name without its last extension, folded so `IMG_0001.HEIC` and `img_0001.mov` meet.
    static func stem(_ name: String) -> String {
        let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return base.lowercased()
    }

    /// For each file: the id of the file it belongs to (nil for one that stands alone) and what
    /// companions it has. A companion belongs to the still of its folder and stem with the lowest
    /// id that is kept as it is (the household's, or private to the same person); a RAW or a clip
    /// with no such still beside it stands alone. So a private file never joins another person's
    /// shot, where it would be named (and its privacy decided) by a page that is not its owner's.
    public static func pair(_ files: [File]) -> [Int64: (pairedTo: Int64?, companions: Companions)] {
        var out: [Int64: (pairedTo: Int64?, companions: Companions)] = [:]
        var byStem: [String: [File]] = [:]
        for file in files {
            out[file.id] = (nil, [])
            byStem[file.folder + "\u{0}" + stem(file.name), default: []].append(file)
        }
        for group in byStem.values where group.count > 1 {
            let stills = group.filter { role(of: $0) == nil && ImageFormat(rawValue: $0.format)?.kind == .photo }
            for file in group {
                guard let role = role(of: file),
                      let still = stills.filter({ $0.owner == file.owner }).min(by: { $0.id < $1.id }) else { continue }
                out[file.id] = (still.id, [])
                out[still.id]!.companions.insert(role)
            }
        }
        return out
    }
}
