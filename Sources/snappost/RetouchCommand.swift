// `snappost retouch`: fill a mask in a photo, or find the wire near a tap and write its mask.
import ArgumentParser
import Foundation
import Imaging
import Retouch
import Support

struct RetouchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retouch", abstract: "Fill a mask in a photo, or find the wire near a tap.",
        discussion: "Exit codes: 0 done, 3 no wire found, 64 usage, 65 bad input, 70 our failure.",
        subcommands: [Fill.self, Wire.self])

    struct Fill: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Fill the mask's pixels above an eighth grey (an 8-bit PNG, 255 = remove); OUT is a lossless PNG when it ends in .png, else a JPEG.")

        @Argument(help: "The photo.") var photo: String
        @Argument(help: "The mask, as large as the photo.") var mask: String
        @Argument(help: "Where to write the result.") var out: String

        func run() async throws {
            try RetouchCommand.reporting {
                let limits = RetouchLimits.standard
                let photo = try limits.decode(try RetouchCommand.read(photo))
                let mask = try limits.decodeMask(try RetouchCommand.read(mask))
                var image = photo.image
                try HoleFiller().fill(&image, hole: mask)
                try RetouchCommand.write(image, to: out)
            }
        }
    }

    struct Wire: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Trace the wire nearest a tap and write it as a mask (255 on the wire, 96 on its soft edge and halo, filled too); exits 3 when there is none."
        )

        @Argument(help: "The photo.") var photo: String
        @Option(help: ArgumentHelp("The tap, in photo pixels.", valueName: "x,y")) var tap: String
        @Option(help: ArgumentHelp("Where to write the mask (PNG).", valueName: "mask")) var out: String?
        @Flag(help: "Print the wire found (points and width) as JSON.") var json = false

        func validate() throws {
            guard Self.point(tap) != nil else { throw ValidationError("--tap needs X,Y in photo pixels") }
            guard out != nil || json else { throw ValidationError("wire needs PHOTO --tap X,Y --out MASK (or --json)") }
        }

        static func point(_ text: String) -> PixelPoint? {
            let parts = text.split(separator: ",").compactMap { Double($0) }
            return parts.count == 2 ? PixelPoint(x: parts[0], y: parts[1]) : nil
        }

        func run() async throws {
            guard let tap = Self.point(tap) else { throw ValidationError("--tap needs X,Y in photo pixels") }
            try RetouchCommand.reporting {
                let limits = RetouchLimits.standard
                let photo = try limits.decode(try RetouchCommand.read(photo), longSide: limits.previewLongSide)
                let found = try WireFinder().find(in: photo.image, fullWidth: photo.fullSize.width, near: tap)
                if let out {
                    // The wire itself white; the rest of what a removal takes (soft edges, halo, strands) grey.
                    var whole = Mask(width: photo.fullSize.width, height: photo.fullSize.height), core = whole
                    MaskPainter.paintLine(found.points, width: found.width, into: &whole)
                    MaskPainter.paintLine(found.points, width: found.coreWidth, into: &core)
                    let levels = GrayImage(
                        width: whole.width, height: whole.height,
                        bytes: whole.bytes.indices.map { core.bytes[$0] != 0 ? 255 : whole.bytes[$0] != 0 ? 96 : 0 })
                    guard let png = PhotoRasters.pngData(levels) else { throw RetouchError.engineFailure("png encode") }
                    try png.write(to: URL(fileURLWithPath: out))
                }
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    print(String(decoding: try encoder.encode(found), as: UTF8.self))
                }
            }
        }
    }

    /// Runs one retouch job; a typed failure is printed with its code and becomes the exit code (3 when nothing was
    /// found, 65 for bad input, 70 for ours).
    static func reporting(_ job: () throws -> Void) throws {
        do {
            try job()
        } catch let error as RetouchError {
            printError("retouch: \(error.message) [\(error.code)]")
            switch error.category {
            case .nothingFound: throw ExitCode(3)
            case .internal: throw ExitCode(70)
            default: throw ExitCode(65)
            }
        } catch {
            printError("retouch: \(error)")
            throw ExitCode(70)
        }
    }

    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RetouchError.unreadable("Cannot read \(URL(fileURLWithPath: path).lastPathComponent).")
        }
        return data
    }

    static func write(_ image: RasterImage, to path: String) throws {
        let lossless = path.lowercased().hasSuffix(".png")
        guard let data = lossless ? PhotoRasters.pngData(image) : PhotoRasters.jpegData(image, quality: 95) else {
            throw RetouchError.engineFailure("encode")
        }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
