// Step "surface": paint out the ink that is not print (the surface around the page, pictures, figures) before the
// page is read, and keep the page's lines of letters for the steps that look for text layout analysis missed.
import Foundation
import Imaging
import Support

struct SurfaceStep: PageStep {
    let name = "surface"
    let drawsPage = true

    /// It works on the binarised page's ink.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) && config.binarises }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        let x = state.xHeightOrTarget
        let grey = state.unbinarised
        // The widen step may have sorted this very page's ink already.
        let sorted = state.ink
        let found = await offload { () -> (GrayImage, GrayImage?, SurfaceFinder.Result, InkComponents)? in
            guard let binary = page.grayImage() else { return nil }
            let components = sorted.flatMap { $0.width == binary.width && $0.height == binary.height ? $0 : nil } ?? InkComponents(binary)
            let (lines, short) = TextLineFinder(xHeight: x).find(in: components)
            var surface = SurfaceFinder(xHeight: x).find(components, lines: lines)
            // Dot leaders are no text, and the recogniser garbles the words beside a long run of them.
            let runs = LeaderDots(xHeight: x).runs(in: components, lines: lines + short)
            let leaders = runs.flatMap { $0 }
            surface.leaders = runs.map { run in
                LeaderLinks.Leader(from: components.components[run[0]].box, to: components.components[run[run.count - 1]].box)
            }
            if !leaders.isEmpty {
                trace("surface: \(leaders.count) dots of leaders painted out")
                surface.erased = Array(Set(surface.erased).union(leaders)).sorted()
            }
            // Short pieces that stayed on the page (a number beside an exercise, a lone quantity) are print too.
            let erased = Set(surface.erased)
            let reach = Int(3 * x), clean = SurfaceFinder(xHeight: x).cleanShare
            // Inside a ruled table's grid, they are cells' print.
            let tables = surface.tables
            surface.short = short.filter { piece in
                guard !piece.letters.contains(where: erased.contains) else { return false }
                if SurfaceFinder.inside(tables, piece.box.x + piece.box.width / 2, piece.box.y + piece.box.height / 2) { return true }
                let around = PixelBox(
                    x: piece.box.x - reach, y: piece.box.y - reach, width: piece.box.width + 2 * reach, height: piece.box.height + 2 * reach)
                return surface.looseShareAround(around) < clean
            }
            trace(
                "surface: \(components.components.count) components, \(lines.count) lines of letters, \(surface.lines.count) on paper, \(surface.erased.count) components painted out"
            )
            if traceLevel >= 3 {
                for l in lines { trace("surface: found \(l.box.x) \(l.box.y) \(l.box.width) \(l.box.height)") }
                for l in surface.lines { trace("surface: kept \(l.box.x) \(l.box.y) \(l.box.width) \(l.box.height)") }
                for f in surface.frames { trace("surface: frame \(f.x) \(f.y) \(f.width) \(f.height)") }
                for i in surface.erased {
                    let b = components.components[i].box
                    trace("surface: erased \(b.x) \(b.y) \(b.width) \(b.height)")
                }
            }
            let cleaned = components.painting(surface.erased, value: 255, on: binary)
            // The grey page loses the same ink and its halo: the threshold check may read it instead.
            let greyCleaned = grey?.grayImage().flatMap { g in
                g.width == binary.width && g.height == binary.height ? components.painting(surface.erased, value: 255, grow: 2, on: g) : nil
            }
            return (cleaned, greyCleaned, surface, components)
        }
        guard let (cleaned, greyCleaned, surface, components) = found, let image = LeptonicaImage(gray: cleaned) else { return }
        state.page = image
        if let greyCleaned, let greyImage = LeptonicaImage(gray: greyCleaned) { state.unbinarised = greyImage }
        state.inkLines = surface.lines
        state.shortInkLines = surface.short
        state.pictures = surface.pictures
        state.frames = surface.frames
        state.tables = surface.tables
        state.leaders = surface.leaders
        state.ink = components
    }
}
