import Catalog
import Imaging

/// Where a video's original plays, judged by its container and codecs as browsers stand today.
enum Playability: Equatable {
    /// H.264 (with AAC or MP3 sound) in MP4, MOV, M4V or 3GP; VP8, VP9 or AV1 in WebM.
    case everywhere
    /// HEVC in MP4 or MOV (Safari plays it; others mostly not), H.264 in Matroska: offered as it is,
    /// with a rendition beside it for the browsers that cannot.
    case someBrowsers
    /// Everything else (old AVI codecs, ...): only a rendition plays.
    case nowhere

    init(_ photo: PhotoDetail) {
        self.init(format: photo.format, videoCodec: photo.videoCodec, audioCodec: photo.audioCodec)
    }

    init(format: ImageFormat, videoCodec: String?, audioCodec: String?) {
        let mp4Family: Set<ImageFormat> = [.mp4, .mov, .m4v, .threeGP]
        let mp4Sound = audioCodec.map { ["aac", "mp3"].contains($0) } ?? true
        let webSound = audioCodec.map { ["opus", "vorbis"].contains($0) } ?? true
        let codec = videoCodec ?? ""
        if mp4Family.contains(format) && codec == "h264" && mp4Sound || format == .webm && ["vp8", "vp9", "av1"].contains(codec) && webSound {
            self = .everywhere
        } else if mp4Family.contains(format) && codec == "hevc" || format == .mkv && codec == "h264" {
            self = .someBrowsers
        } else {
            self = .nowhere
        }
    }
}
