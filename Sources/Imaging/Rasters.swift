// Plain pixel buffers: the only form in which images cross from one C-library wrapper to another.

/// An 8-bit grey image, row-major, one byte per pixel, no row padding.
public struct GrayImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0 && bytes.count == width * height, "GrayImage size mismatch")
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

/// An interleaved 8-bit raster with 1, 3 (RGB) or 4 (RGBA) channels, row-major, no row padding.
public struct RasterImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var channels: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, channels: Int, bytes: [UInt8]) {
        precondition([1, 3, 4].contains(channels) && bytes.count == width * height * channels, "RasterImage size mismatch")
        self.width = width
        self.height = height
        self.channels = channels
        self.bytes = bytes
    }
}
