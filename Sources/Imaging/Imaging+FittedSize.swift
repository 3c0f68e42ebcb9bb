extension Imaging {
    /// The size a `.fit` rendition of a `width` × `height` picture (as shown) is made at in a
    /// `boxWidth` × `boxHeight` box: scaled down to fit, never up, rounded as the decoders round
    /// it, so a page can state a rendition's size before it is made.
    public static func fittedSize(width: Int, height: Int, boxWidth: Int, boxHeight: Int) -> (width: Int, height: Int) {
        let plan = RenditionGeometry.plan(width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight, fit: .fit)
        return (plan.resizeWidth, plan.resizeHeight)
    }
}
