// Step "surface": paint out the ink that is not print (the surface around the page, pictures, figures) before the
// page is read, and keep the page's lines of letters for the steps that look for text layout analysis missed.
import Foundation
import Imaging
import Support

struct SurfaceStep: PageStep {
    let name = "surface"
    let drawsPage = true

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        let x = state.xHeightOrTarget
        let grey = state.unbinarised
        let found = await offload { () -> (GrayImage, GrayImage?, [InkLine], InkComponents)? in
            guard let binary = page.grayImage() else { return nil }
            let components = InkComponents(binary)
            let lines = TextLineFinder(xHeight: x).lines(in: components)
            let surface = SurfaceFinder(xHeight: x).find(components, lines: lines)
            trace(
                "surface: \(components.components.count) components, \(lines.count) lines of letters, \(surface.lines.count) on paper, \(surface.erased.count) components painted out"
            )
            if traceLevel >= 3 {
                for l in lines { trace("surface: found \(l.box.x) \(l.box.y) \(l.box.width) \(l.box.height)") }
                for l in surface.lines { trace("surface: kept \(l.box.x) \(l.box.y) \(l.box.width) \(l.box.height)") }
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
            return (cleaned, greyCleaned, surface.lines, components)
        }
        guard let (cleaned, greyCleaned, lines, components) = found, let image = LeptonicaImage(gray: cleaned) else { return }
        state.page = image
        if let greyCleaned, let greyImage = LeptonicaImage(gray: greyCleaned) { state.unbinarised = greyImage }
        state.inkLines = lines
        state.ink = components
    }
}
