// libFuzzer's entry point for every target: one build serves them all, and the
// PHOTOLALA_FUZZ_TARGET environment variable names the target a run exercises.
// Built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` over the parser sources.
import Foundation

/// Each target takes the fuzzer's bytes; a broken invariant calls `check`, which traps.
let targets: [String: ([UInt8]) -> Void] = {
    var all: [String: ([UInt8]) -> Void] = [
        "jpeg-header": ImagingTargets.jpegHeader,
        "xmp-iptc": ImagingTargets.xmpIPTC,
        "xmp-sidecar": ImagingTargets.xmpSidecar,
        "exif-date": ImagingTargets.exifDate,
        "sniff": ImagingTargets.sniff,
        "raw-preview": ImagingTargets.rawPreview,
        "video-info": ImagingTargets.videoInfo,
        "geo-point": ImagingTargets.geoPoint,
        "container-exif": ImagingTargets.containerExif,
        "video-places": ImagingTargets.videoPlaces,
        "place-redaction": ImagingTargets.placeRedaction,
        "multipart": MultipartTarget.run,
        "form": GalleryTargets.form,
        "byte-range": GalleryTargets.byteRange,
        "cookie": GalleryTargets.cookie,
        "path-key": GalleryTargets.pathKey,
        "filter-value": GalleryTargets.filterValue,
        "fts-query": GalleryTargets.ftsQuery,
        "thumbnail-name": GalleryTargets.thumbnailName,
        "flash-cookie": GalleryTargets.flashCookie,
        "accept-encoding": GalleryTargets.acceptEncoding,
        "accept-language": GalleryTargets.acceptLanguage,
        "po-file": GalleryTargets.poFile,
        "s3-xml": ObjectStoreTargets.s3XML,
        "dav-xml": DavTargets.xml,
        "dav-if": DavTargets.ifHeader,
        "dav-headers": DavTargets.headers,
    ]
    #if PHOTOLALA_DECODER_WIRE
    all["decoder-wire"] = DecoderWireTarget.run
    #endif
    return all
}()

let selected: ([UInt8]) -> Void = {
    let name = ProcessInfo.processInfo.environment["PHOTOLALA_FUZZ_TARGET"] ?? ""
    guard let target = targets[name] else {
        let known = targets.keys.sorted().joined(separator: " ")
        FileHandle.standardError.write(Data("PHOTOLALA_FUZZ_TARGET must be one of: \(known)\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selected(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Traps (so libFuzzer keeps the input as a crash) when an invariant does not hold.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// The input cut into pieces whose lengths (1 to 64 bytes) come from a generator seeded by the
/// input itself, so every input is also a test of where its bytes are cut.
func pieces(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var seed: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for byte in bytes { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var out: [ArraySlice<UInt8>] = []
    var at = 0
    while at < bytes.count {
        // splitmix64
        seed &+= 0x9e37_79b9_7f4a_7c15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        let length = 1 + Int(z % (z & 1 == 0 ? 4 : 64))
        out.append(bytes[at..<min(bytes.count, at + length)])
        at += length
    }
    return out
}
