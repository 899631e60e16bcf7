// Reads the EXIF orientation tag (1...8) from JPEG, PNG, WebP and TIFF bytes; Leptonica ignores it.
import Foundation
import Support

/// EXIF orientation: how the stored pixels must be turned/mirrored to show the scene upright.
public enum ExifOrientation {
    /// The tag's value, or 1 when absent or unreadable.
    public static func read(from data: Data) -> Int {
        let bytes = [UInt8](data.prefix(1 << 20))
        if let tiff = tiffBlock(in: bytes), let value = orientation(inTIFF: tiff), (1...8).contains(value) { return value }
        return 1
    }

    /// Where the TIFF-structured EXIF block starts, by container.
    private static func tiffBlock(in b: [UInt8]) -> ArraySlice<UInt8>? {
        if b.count > 4, b[0] == 0xFF, b[1] == 0xD8 {  // JPEG: walk the segments up to the image data
            var i = 2
            while i + 4 <= b.count, b[i] == 0xFF {
                let marker = b[i + 1]
                if marker == 0xD9 || marker == 0xDA { break }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    i += 2
                    continue
                }
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                guard length >= 2 else { break }
                let start = i + 4, end = min(b.count, i + 2 + length)
                if marker == 0xE1, end - start > 6, Array(b[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                    return b[(start + 6)..<end]
                }
                i += 2 + length
            }
            return nil
        }
        if b.count > 8, Array(b[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {  // PNG eXIf chunk
            var i = 8
            while i + 8 <= b.count {
                let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
                let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
                let start = i + 8
                guard length >= 0, start + length <= b.count else { return nil }
                if type == "eXIf" { return b[start..<(start + length)] }
                if type == "IDAT" || type == "IEND" { return nil }
                i = start + length + 4
            }
            return nil
        }
        if b.count > 12, b[0] == 0x52, b[1] == 0x49, b[2] == 0x46, b[3] == 0x46 {  // RIFF/WebP EXIF chunk
            var i = 12
            while i + 8 <= b.count {
                let type = String(decoding: b[i..<(i + 4)], as: UTF8.self)
                let length = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
                let start = i + 8
                guard length >= 0, start + length <= b.count else { return nil }
                if type == "EXIF" {
                    var block = b[start..<(start + length)]
                    if block.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { block = block.dropFirst(6) }
                    return block
                }
                i = start + length + (length & 1)
            }
            return nil
        }
        if b.count > 8, (b[0] == 0x49 && b[1] == 0x49) || (b[0] == 0x4D && b[1] == 0x4D) { return b[...] }  // TIFF
        return nil
    }

    /// Tag 0x0112 in IFD0 of a TIFF block.
    private static func orientation(inTIFF t: ArraySlice<UInt8>) -> Int? {
        let b = Array(t)
        guard b.count >= 8 else { return nil }
        let little: Bool
        if b[0] == 0x49, b[1] == 0x49 { little = true } else if b[0] == 0x4D, b[1] == 0x4D { little = false } else { return nil }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= b.count else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let o = ifd + 2 + entry * 12
            guard let tag = u16(o) else { return nil }
            if tag == 0x0112 { return u16(o + 8) }
        }
        return nil
    }
}
