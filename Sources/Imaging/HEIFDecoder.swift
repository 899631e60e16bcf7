// Every libheif call in the project lives here: the primary image of a HEIC/HEIF photo as RGB pixels.
import CHeif
import Foundation
import Support

public enum HEIFDecoder {
    /// Size of the primary image (transformations applied) without decoding it.
    public static func size(of data: Data) throws(ImagingError) -> PixelSize {
        try withPrimaryImage(data) { handle in
            PixelSize(width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
        }
    }

    /// Decodes the primary image, with its rotation and mirroring applied, to interleaved RGB.
    public static func decode(_ data: Data, maxPixels: Int) throws(ImagingError) -> RasterImage {
        let raster: RasterImage? = try withPrimaryImage(data) { handle -> RasterImage? in
            let w = Int(heif_image_handle_get_width(handle)), h = Int(heif_image_handle_get_height(handle))
            guard w > 0, h > 0, w * h <= maxPixels else { return nil }
            var image: OpaquePointer?
            let err = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
            guard err.code == heif_error_Ok, let image else { return nil }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else { return nil }
            let iw = Int(heif_image_get_width(image, heif_channel_interleaved))
            let ih = Int(heif_image_get_height(image, heif_channel_interleaved))
            guard iw > 0, ih > 0, Int(stride) >= iw * 3 else { return nil }
            var bytes = [UInt8](repeating: 0, count: iw * ih * 3)
            bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<ih {
                    (dst.baseAddress! + y * iw * 3).update(from: plane + y * Int(stride), count: iw * 3)
                }
            }
            return RasterImage(width: iw, height: ih, channels: 3, bytes: bytes)
        }
        guard let raster else { throw ImagingError.unreadable }
        return raster
    }

    private static func withPrimaryImage<T>(_ data: Data, _ body: (OpaquePointer) throws(ImagingError) -> T) throws(ImagingError) -> T {
        guard let context = heif_context_alloc() else { throw ImagingError.libraryFailure("libheif context") }
        defer { heif_context_free(context) }
        let readError = data.withUnsafeBytes { raw in
            heif_context_read_from_memory(context, raw.baseAddress, raw.count, nil)
        }
        guard readError.code == heif_error_Ok else { throw ImagingError.unreadable }
        var handle: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            throw ImagingError.unreadable
        }
        defer { heif_image_handle_release(handle) }
        return try body(handle)
    }
}
