// Step "decode": bytes to an upright image; big JPEGs at half size unless their print is then too small, and other
// very large photos reduced where their print allows (only the chosen image outlives the step).
import Foundation
import Imaging
import Support

struct DecodeStep: ImageStep, EssentialStep {
    let name = "decode"

    func apply(_ state: inout PageState) throws {
        let config = state.config
        let decoder = PhotoDecoder(limits: config.limits, halfSizeJPEGLongSide: config.halfSizeJPEGLongSide)
        let scaler = TextScaler(targetXHeight: config.targetXHeight, maxLongSide: config.maxImageWidthForProcessing, maxUpscale: config.maxUpscale)
        var chosen = try decoder.decode(state.data)
        var measured: TextScaler.PrintSize?, halfSizeMeasure: Double?, gray: LeptonicaImage?
        if chosen.reduction > 1 {
            gray = chosen.image.grayscale()
            let print = gray.flatMap { scaler.measurePrint(of: $0) }
            let xHeight = print?.xHeight
            if (xHeight ?? 0) < config.targetXHeight * 0.7 {
                var full = decoder
                full.halfSizeJPEGLongSide = nil
                let half = chosen
                chosen = try full.decode(state.data)
                // The half-size picture is enough for the preview (scaling it costs a quarter of the full one's).
                chosen.previewSource = half.image
                gray = nil
                halfSizeMeasure = xHeight.map { $0 * Double(chosen.image.width) / Double(half.image.width) }
            } else {
                measured = print
            }
            trace("decode: half-size x-height \(xHeight ?? 0), kept \(chosen.reduction == 2 ? "half" : "full")")
        }
        let reducer = WorkingSizeReducer(
            maxPixels: config.maxDecodedPixels, minXHeight: config.targetXHeight, minLongSide: config.previewMaxSide, scaler: scaler)
        if let reduced = reducer.reduce(chosen) {
            chosen = reduced
            measured = nil
            halfSizeMeasure = nil
            gray = nil
        }
        state.decoded = chosen
        state.page = chosen.image
        // The kept half-size image was measured just now: the scale step need not measure it again.
        state.decodedPrint = measured
        state.halfSizeXHeight = halfSizeMeasure
        state.decodedGray = gray
    }
}
