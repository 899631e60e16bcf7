// The `retouch` subcommand: fill a mask in a photo, or find the wire near a tap and write its mask.
import Foundation
import Imaging
import Retouch
import Support

enum RetouchCommand {
    static let usageText = """
        usage: snappost retouch fill PHOTO MASK OUT          fill MASK's pixels above an eighth grey (PNG OUT is lossless, else JPEG)
               snappost retouch wire PHOTO --tap X,Y --out MASK [--json]
                                                           trace the wire nearest the tap; exits 3 when there is none.
                                                           MASK: 255 on the wire, 96 on its soft edge and halo (filled too)
        """

    static func run(_ arguments: [String]) async -> Int32 {
        guard let verb = arguments.first else { return usage("name fill or wire") }
        let rest = Array(arguments.dropFirst())
        do {
            switch verb {
            case "fill": return try fill(rest)
            case "wire": return try wire(rest)
            case "-h", "--help", "help":
                print(usageText)
                return 0
            default: return usage("unknown retouch command '\(verb)'")
            }
        } catch let error as RetouchError {
            FileHandle.standardError.write(Data("retouch: \(error.message) [\(error.code)]\n".utf8))
            switch error.category {
            case .nothingFound: return 3
            case .internal: return 70
            default: return 65
            }
        } catch {
            FileHandle.standardError.write(Data("retouch: \(error)\n".utf8))
            return 70
        }
    }

    private static func fill(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 3 else { return usage("fill needs PHOTO MASK OUT") }
        let limits = RetouchLimits.standard
        let photo = try limits.decode(try read(arguments[0]))
        let mask = try limits.decodeMask(try read(arguments[1]))
        var image = photo.image
        try HoleFiller().fill(&image, hole: mask)
        try write(image, to: arguments[2])
        return 0
    }

    private static func wire(_ arguments: [String]) throws -> Int32 {
        var photoPath: String?, outPath: String?, tap: ImagePoint?, json = false
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--tap":
                i += 1
                let parts = i < arguments.count ? arguments[i].split(separator: ",").compactMap { Double($0) } : []
                guard parts.count == 2 else { return usage("--tap needs X,Y in photo pixels") }
                tap = ImagePoint(x: parts[0], y: parts[1])
            case "--out":
                i += 1
                guard i < arguments.count else { return usage("--out needs a file") }
                outPath = arguments[i]
            case "--json": json = true
            default:
                if arguments[i].hasPrefix("-") || photoPath != nil { return usage("unexpected argument '\(arguments[i])'") }
                photoPath = arguments[i]
            }
            i += 1
        }
        guard let photoPath, let tap, outPath != nil || json else { return usage("wire needs PHOTO --tap X,Y --out MASK") }
        let limits = RetouchLimits.standard
        let photo = try limits.decode(try read(photoPath), longSide: limits.previewLongSide)
        let found = try WireFinder().find(in: photo.image, fullWidth: photo.fullSize.width, near: tap)
        if let outPath {
            // The wire itself white; the rest of what a removal takes (soft edges, halo, strands) grey.
            var whole = Mask(width: photo.fullSize.width, height: photo.fullSize.height), core = whole
            MaskPainter.paintLine(found.points, width: found.width, into: &whole)
            MaskPainter.paintLine(found.points, width: found.coreWidth, into: &core)
            let levels = GrayImage(
                width: whole.width, height: whole.height,
                bytes: whole.bytes.indices.map { core.bytes[$0] != 0 ? 255 : whole.bytes[$0] != 0 ? 96 : 0 })
            guard let png = PhotoRasters.pngData(levels) else { throw RetouchError.engineFailure("png encode") }
            try png.write(to: URL(fileURLWithPath: outPath))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(found), as: UTF8.self))
        }
        return 0
    }

    private static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RetouchError.unreadable("Cannot read \(URL(fileURLWithPath: path).lastPathComponent).")
        }
        return data
    }

    private static func write(_ image: RasterImage, to path: String) throws {
        let lossless = path.lowercased().hasSuffix(".png")
        guard let data = lossless ? PhotoRasters.pngData(image) : PhotoRasters.jpegData(image, quality: 95) else {
            throw RetouchError.engineFailure("encode")
        }
        try data.write(to: URL(fileURLWithPath: path))
    }

    private static func usage(_ problem: String) -> Int32 {
        FileHandle.standardError.write(Data("retouch: \(problem)\n\n\(usageText)\n".utf8))
        return 64
    }
}
