// Step "decode": bytes to an upright image; big JPEGs at half size unless their print is then too small.
import Foundation
import Imaging
import Support

struct DecodeStep: ImageStep {
    let name = "decode"

    func apply(_ state: inout PageState) throws {
        let config = state.config
        let decoder = PhotoDecoder(limits: config.limits, halfSizeJPEGLongSide: config.halfSizeJPEGLongSide)
        var chosen = try decoder.decode(state.data)
        if chosen.reduction > 1 {
            let scaler = TextScaler(
                targetXHeight: config.targetXHeight, maxLongSide: config.maxImageWidthForProcessing, maxUpscale: config.maxUpscale)
            let xHeight = chosen.image.grayscale().flatMap { scaler.estimateXHeight(of: $0) }
            if (xHeight ?? 0) < config.targetXHeight * 0.7 {
                var full = decoder
                full.halfSizeJPEGLongSide = nil
                chosen = try full.decode(state.data)
            }
            trace("decode: half-size x-height \(xHeight ?? 0), kept \(chosen.reduction == 2 ? "half" : "full")")
        }
        state.decoded = chosen
        state.page = chosen.image
    }
}
