/// Where a TIFF file (not a camera's RAW) says it was taken: the file is itself a TIFF structure,
/// so every IFD it reaches must be read (`TIFFPlaces` in its strict form): GPS IFDs emptied, XMP,
/// IPTC and Photoshop blocks cleaned. BigTIFF, or a structure that does not hold, is nil.
enum TIFFFilePlaces {
    /// The patches for a TIFF file in `data`.
    static func patches(_ data: JPEGHeader.Reader) -> [GPSRedaction.Patch]? {
        TIFFPlaces.patches(data, tiff: 0..<data.count, strict: true)
    }
}
