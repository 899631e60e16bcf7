// Where a point of the dewarped page was before the dewarp: what each dewarp hands on so line outlines can follow
// the curl back onto the photo.
import Imaging

protocol FlatPageMap: Sendable {
    /// The point of the page before dewarping that `(x, y)` of the flat page came from (page pixels).
    func source(x: Double, y: Double) -> (x: Double, y: Double)
}

/// Leptonica's disparity arrays (see `Dewarper`).
extension DisparityMap: FlatPageMap {}
