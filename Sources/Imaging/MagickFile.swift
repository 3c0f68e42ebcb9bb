import CMagickWand
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calls every read shares: opening the file ourselves and naming the coder so ImageMagick never guesses.
enum MagickFile {
    /// Which call feeds the file to the wand.
    enum Mode {
        case ping, read
    }

    /// Reads (or pings) only the first frame of the file at `path` into `wand` with `format`'s coder.
    ///
    /// The file name given to ImageMagick is a fixed `CODER:photo[0]`: the prefix forces the coder
    /// (a bare MagickSetFormat is overridden by magic-byte detection) and `[0]` makes multi-frame
    /// coders such as GIF's stop after frame 0 instead of decoding every frame and dropping the rest.
    static func load(_ wand: OpaquePointer, path: String, format: ImageFormat, mode: Mode) throws {
        // A video would go to ImageMagick's ffmpeg delegate in this process: never.
        guard let coder = format.magickCoder else { throw ImagingError.unreadable("not a still picture") }
        guard let file = fopen(path, "rb") else {
            throw ImagingError.unreadable("cannot open file (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        MagickSetFilename(wand, "\(coder):photo[0]")
        let ok = mode == .ping ? MagickPingImageFile(wand, file) : MagickReadImageFile(wand, file)
        // A warning (say, a truncated JPEG) still leaves a usable image; only failure throws.
        guard ok == MagickTrue, MagickGetNumberImages(wand) > 0 else {
            throw ImagingError.unreadable(failureReason(wand, fallback: "cannot decode image"))
        }
        MagickSetFirstIterator(wand)
        guard MagickGetImageWidth(wand) > 0, MagickGetImageHeight(wand) > 0 else {
            throw ImagingError.unreadable("image has no pixels")
        }
    }

    /// Throws `.unreadable` with ImageMagick's reason when an operation reported failure.
    static func check(_ status: MagickBooleanType, _ wand: OpaquePointer, _ what: String) throws {
        guard status == MagickTrue else {
            throw ImagingError.unreadable(failureReason(wand, fallback: "cannot \(what)"))
        }
    }

    /// ImageMagick's exception text for the wand, freed and cleared; the path it may mention is dropped.
    static func failureReason(_ wand: OpaquePointer, fallback: String) -> String {
        var severity = UndefinedException
        guard let raw = MagickGetException(wand, &severity) else { return fallback }
        defer { MagickRelinquishMemory(raw) }
        MagickClearException(wand)
        var text = String(cString: raw).trimmingCharacters(in: .whitespaces)
        // Messages end in " `photo' @ error/jpeg.c/…"; the tail names our fake file and ImageMagick's source.
        if let tail = text.range(of: " `") { text = String(text[..<tail.lowerBound]) }
        if text.count > 160 { text = String(text.prefix(160)) }
        return text.isEmpty ? fallback : text
    }

    /// An image property as a trimmed string; nil when missing or blank.
    static func property(_ wand: OpaquePointer, _ name: String) -> String? {
        guard let raw = MagickGetImageProperty(wand, name) else { return nil }
        defer { MagickRelinquishMemory(raw) }
        let text = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines.union(["\0"]))
        return text.isEmpty ? nil : text
    }
}

extension MagickFile {
    /// A named profile's bytes (for example "xmp"), or nil when the image has none.
    static func profile(_ wand: OpaquePointer, _ name: String) -> [UInt8]? {
        var length = 0
        guard let raw = MagickGetImageProfile(wand, name, &length) else { return nil }
        defer { MagickRelinquishMemory(raw) }
        guard length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: raw, count: length))
    }
}

extension MagickFile {
    /// What the progress monitor reads and writes: the decode's deadline and whether it passed.
    private struct Deadline {
        var nanoseconds: UInt64
        var expired = false
    }

    /// Runs `body` on `wand` with a deadline `timeout` seconds from now: ImageMagick calls the
    /// progress monitor as it reads and transforms rows, and the monitor stops the work once the
    /// deadline has passed. The limit is per call, never per process uptime.
    static func guarded<T>(_ wand: OpaquePointer, timeout: Double, _ body: () throws -> T) throws -> T {
        let state = UnsafeMutablePointer<Deadline>.allocate(capacity: 1)
        defer { state.deallocate() }
        state.initialize(to: Deadline(nanoseconds: DispatchTime.now().uptimeNanoseconds &+ Imaging.nanoseconds(timeout)))
        let monitor: MagickProgressMonitor = { _, _, _, client in
            guard let deadline = client?.assumingMemoryBound(to: Deadline.self) else { return MagickTrue }
            guard DispatchTime.now().uptimeNanoseconds >= deadline.pointee.nanoseconds else { return MagickTrue }
            deadline.pointee.expired = true
            return MagickFalse
        }
        _ = MagickSetProgressMonitor(wand, monitor, state)
        defer {
            // Read images took the monitor over from the wand: take it off both before `state` goes.
            _ = MagickSetProgressMonitor(wand, nil, nil)
            if MagickGetNumberImages(wand) > 0 { _ = MagickSetImageProgressMonitor(wand, nil, nil) }
        }
        let result: T
        do { result = try body() } catch {
            if state.pointee.expired { throw ImagingError.timedOut(timeout) }
            throw error
        }
        if state.pointee.expired { throw ImagingError.timedOut(timeout) }
        return result
    }
}
