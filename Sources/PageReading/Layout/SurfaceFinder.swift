// Which ink of a binarised page is not print: the table, keyboard or cloth around a page, pictures and figures.
import Foundation
import Imaging
import Support

/// Print is letters in rows on paper. Around it, a surface (wood grain, a keyboard, cloth) or a picture (a photo,
/// a render, a halftone, a drawing) binarises into ink that is not arranged in rows of letters, and that is dense
/// where it lies. Recognition reads such ink as lines of junk, so it is painted out before the page is read.
struct SurfaceFinder: Sendable {
    /// x-height of the print in the page's pixels.
    var xHeight: Double
    /// Ink not in a row of letters, as a share of the area around a point, from which that area is a surface or a
    /// picture (paper with rules, dashes, specks or a stray mark stays under a few percent).
    var busyShare = 0.08
    /// A component in no row of letters is kept only where the ink around it that is not in rows of letters stays
    /// under this share: a page number or a lone mark on paper, not a speck of grain.
    var looseShare = 0.03
    /// A piece of one or two letters on its own is print only on clean paper: loose ink around it under this share.
    var cleanShare = 0.01
    /// How far around a point the ink is counted, in x-heights.
    var reach = 3.0
    /// A component taller than this many x-heights, or wider than `wideComponent`, that touches no line of letters
    /// is a picture, a frame or an edge, wherever it lies.
    var tallComponent = 5.0
    var wideComponent = 15.0
    /// A line at least this many x-heights long and thin is a separator, kept.
    var separatorLength = 15.0

    struct Result: Sendable {
        /// Components to paint out.
        var erased: [Int]
        /// The lines of letters that are print (lines inside a surface or a picture left out).
        var lines: [InkLine]
        /// The boxes of the pictures painted out (drawings, frames of screenshots and photos): print inside one is
        /// the picture's own small text, kept only when it reads surely.
        var pictures: [PixelBox] = []
        /// Pieces of one or two letters that stayed on the page (set by the caller).
        var short: [InkLine] = []
        /// The share of loose ink (in no row of print) in a box of the page.
        var looseShareAround: @Sendable (PixelBox) -> Double = { _ in 0 }
        /// The boxes of ruled tables' grids: what lies inside one is a cell's print.
        var tables: [PixelBox] = []
        /// The boxes drawn around print (a boxed exercise, a sidebar's frame), painted out: what lies inside one is
        /// read together, as one block.
        var frames: [PixelBox] = []
        /// The dot leaders painted out (set by the caller).
        var leaders: [LeaderLinks.Leader] = []
    }

    func find(_ components: InkComponents, lines found: [InkLine]) -> Result {
        let all = components.components
        let cell = max(4, Int((xHeight / 2).rounded()))
        let cols = components.width / cell + 1, rows = components.height / cell + 1
        var inLine = [Bool](repeating: false, count: all.count)
        for line in found { for i in line.letters { inLine[i] = true } }
        let big = all.map { Double($0.box.height) > tallComponent * xHeight || Double($0.box.width) > wideComponent * xHeight }
        // A rule (a straight bar: a separator, a box side, a table line) is print, not grain: it never makes the
        // area around it busy.
        // A ruled table's grid is one piece made of rules, with rows of print in its cells: print's frame too. (A
        // drawn mesh is a lattice as well, but holds a label or two at most.)
        let lattice = all.indices.map { i in big[i] && isLattice(components, i) && Self.rows(of: found, inside: all[i].box).count >= 3 }
        let rule = all.indices.map { i in
            let c = all[i]
            let long = Double(max(c.box.width, c.box.height)), short = Double(max(1, min(c.box.width, c.box.height)))
            return long >= 8 * short && c.fill >= 0.5 || lattice[i]
        }
        let tables = all.indices.filter { lattice[$0] }.map { all[$0].box }
        // A box drawn around print (a form's field, a boxed exercise) is print's frame as well: its sides lie above
        // and below the rows it holds and are no loose ink, and the box is no picture, however few rows it holds.
        // A small one counts too: a form's short field beside its label, above and below the label's row.
        let outline = all.indices.map { i in !inLine[i] && !lattice[i] && isFrame(components, i) }
        // A row of letters with loose ink (ink in no row of letters) both above and below it, more than its own, is
        // part of a picture or a surface: the pins of a drawn chip, grain that happens to line up. A caption has a
        // picture on one side only. Twice: a dropped row's letters are loose ink for its neighbours.
        var lines = found
        for _ in 0..<2 {
            var loose = [Int](repeating: 0, count: cols * rows)
            for i in all.indices where !inLine[i] && !rule[i] && !outline[i] {
                for run in components.runs(of: i) { loose[Int(run.y) / cell * cols + Int(run.x0) / cell] += Int(run.x1 - run.x0) }
            }
            let sums = Self.integral(loose, cols: cols, rows: rows)
            let before = lines.count
            lines = lines.filter { line in
                let pad = Int(1.5 * line.letterHeight)
                let above = PixelBox(x: line.box.x - pad, y: line.box.y - pad, width: line.box.width + 2 * pad, height: pad)
                let below = PixelBox(x: line.box.x - pad, y: line.box.maxY, width: line.box.width + 2 * pad, height: pad)
                let beside = PixelBox(x: line.box.x - pad, y: line.box.y, width: line.box.width + 2 * pad, height: line.box.height)
                let own = line.letters.reduce(0) { $0 + all[$1].ink }
                func busy(_ box: PixelBox) -> Bool { Self.share(sums, cols: cols, rows: rows, cell: cell, box: box) >= busyShare }
                let around = Self.sum(sums, cols: cols, rows: rows, cell: cell, box: above.union(below))
                return !((busy(above) && busy(below) || busy(beside)) && around >= own)
            }
            if lines.count == before { break }
            inLine = [Bool](repeating: false, count: all.count)
            for line in lines { for i in line.letters { inLine[i] = true } }
        }
        // Loose ink now: small marks in no kept row that do not touch one (punctuation, accents and a lone number
        // beside its line touch one); and all ink, to compare with.
        let zone = zones(lines, cols: cols, rows: rows, cell: cell)
        var loose = [Int](repeating: 0, count: cols * rows), total = loose
        for i in all.indices {
            let isLoose = !inLine[i] && !big[i] && !rule[i] && !outline[i] && !touches(components, i, zone, cols: cols, cell: cell)
            for run in components.runs(of: i) {
                let k = Int(run.y) / cell * cols + Int(run.x0) / cell
                total[k] += Int(run.x1 - run.x0)
                if isLoose { loose[k] += Int(run.x1 - run.x0) }
            }
        }
        let looseSums = Self.integral(loose, cols: cols, rows: rows), totalSums = Self.integral(total, cols: cols, rows: rows)
        let r = Int(reach * xHeight)
        var erased: [Int] = []
        var pictures: [PixelBox] = []
        var frames: [PixelBox] = []
        for (i, c) in all.enumerated() where !inLine[i] && (big[i] || outline[i]) {
            // A picture, a frame or an edge, unless it lies mostly where print is (an underline, a rule between rows).
            var inside = 0
            for run in components.runs(of: i) where zone[Int(run.y) / cell * cols + (Int(run.x0) + Int(run.x1)) / 2 / cell] {
                inside += Int(run.x1 - run.x0)
            }
            // A long thin line (a gutter, a page edge, a column rule) stays: layout analysis reads it as the border
            // between two blocks of text, and without it joins the lines on either side.
            let long = Double(max(c.box.width, c.box.height)), short = Double(max(1, min(c.box.width, c.box.height)))
            if long >= 8 * short && long >= separatorLength * xHeight && Double(c.ink) / long <= 0.6 * xHeight { continue }
            // A ruled table's grid stays: layout analysis takes its rules for the borders between cells, and reads
            // a column of right-aligned prices in monospace without them as part of the next column, or not at all.
            if lattice[i] { continue }
            if 2 * inside < c.ink {
                erased.append(i)
                // A drawing's box with rows of print inside is a frame or the edge of a surface around text (a
                // boxed exercise, the table around a receipt); a picture holds at most a label or two.
                let held = Self.rows(of: lines, inside: c.box).count
                if !rule[i] && !outline[i] && held <= 2 { pictures.append(c.box) }
                if outline[i] && held >= 1 { frames.append(c.box) }
            }
        }
        for (i, c) in all.enumerated() where !inLine[i] && !big[i] && !outline[i] {
            if touches(components, i, zone, cols: cols, cell: cell) { continue }
            let cx = c.box.x + c.box.width / 2, cy = c.box.y + c.box.height / 2
            // Inside a ruled table's grid, a mark is a cell's print (a lone quantity), whatever lies around it.
            if Self.inside(tables, cx, cy) { continue }
            // A mark inside a drawing that is painted out goes with it (a figure's labels).
            if Self.inside(pictures, cx, cy) {
                erased.append(i)
                continue
            }
            // Off the rows of print, a mark stays where the ink around it is sparse or mostly print (a page
            // number, a column of line numbers), and goes where loose ink dominates (grain, a picture's specks).
            let around = PixelBox(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
            let looseAround = Self.sum(looseSums, cols: cols, rows: rows, cell: cell, box: around)
            let totalAround = Self.sum(totalSums, cols: cols, rows: rows, cell: cell, box: around)
            if Self.share(looseSums, cols: cols, rows: rows, cell: cell, box: around) >= looseShare && 2 * looseAround >= totalAround {
                erased.append(i)
            }
        }
        // Empty tick boxes go wherever they lie, in a row of letters or not; one holding a mark stays.
        let ticks = all.indices.filter { i in
            isTickBox(components, i) && !erased.contains(i)
                && !all.indices.contains {
                    $0 != i && Self.inside([all[i].box], all[$0].box.x + all[$0].box.width / 2, all[$0].box.y + all[$0].box.height / 2)
                }
        }
        if !ticks.isEmpty {
            trace("surface: \(ticks.count) tick box(es) painted out")
            erased += ticks
        }
        return Result(
            erased: erased, lines: lines, pictures: pictures,
            looseShareAround: { box in
                Self.share(looseSums, cols: cols, rows: rows, cell: cell, box: box)
            },
            tables: tables, frames: frames)
    }

    /// The rows lying wholly inside `box`.
    static func rows(of lines: [InkLine], inside box: PixelBox) -> [InkLine] {
        lines.filter { box.x <= $0.box.x && box.maxX >= $0.box.maxX && box.y <= $0.box.y && box.maxY >= $0.box.maxY }
    }

    /// Whether a point lies inside one of the boxes.
    static func inside(_ boxes: [PixelBox], _ x: Int, _ y: Int) -> Bool {
        boxes.contains { x > $0.x && x < $0.maxX && y > $0.y && y < $0.maxY }
    }

    /// Whether component `i` is a lattice of rules (a ruled table's grid, a form's rows of boxes): thin, its ink lying
    /// almost all in straight bands that cross it, at least three one way and two the other (a plain frame, which may
    /// be a picture's, is not one). Grain, a picture or a keyboard's keys fill their box more or lie in no such bands.
    func isLattice(_ components: InkComponents, _ i: Int) -> Bool {
        let c = components.components[i]
        let box = c.box
        guard box.width >= 8, box.height >= 8, c.fill <= 0.2 else { return false }
        let band = max(2, Int(xHeight / 2))
        // Lines (rows or columns) that belong to a rule: each holds a good part of a band's crossing, and the band
        // of lines around it (half an x-height: a rule a little off level spreads over a few) crosses half the box.
        func rules(_ ink: [Int], across: Int) -> [Bool] {
            var prefix = [0]
            for v in ink { prefix.append(prefix[prefix.count - 1] + v) }
            let least = max(1, across / (2 * band))
            return ink.indices.map { k in
                let start = max(0, k - band / 2), end = min(ink.count, start + band)
                return ink[k] >= least && 2 * (prefix[end] - prefix[start]) >= across
            }
        }
        var rowInk = [Int](repeating: 0, count: box.height)
        for run in components.runs(of: i) { rowInk[Int(run.y) - box.y] += Int(run.x1 - run.x0) }
        let ruleRows = rules(rowInk, across: box.width)
        // Columns are counted without the rows' rules, which cross every column.
        var steps = [Int](repeating: 0, count: box.width + 1)
        for run in components.runs(of: i) where !ruleRows[Int(run.y) - box.y] {
            steps[Int(run.x0) - box.x] += 1
            steps[Int(run.x1) - box.x] -= 1
        }
        var columnInk = [Int](repeating: 0, count: box.width), running = 0
        for x in 0..<box.width {
            running += steps[x]
            columnInk[x] = running
        }
        let ruleColumns = rules(columnInk, across: box.height)
        func bands(_ marked: [Bool]) -> Int { marked.indices.filter { marked[$0] && ($0 == 0 || !marked[$0 - 1]) }.count }
        let rowBands = bands(ruleRows), columnBands = bands(ruleColumns)
        guard rowBands >= 2, columnBands >= 2, rowBands + columnBands >= 5,
            3 * ruleRows.filter({ $0 }).count <= box.height, 3 * ruleColumns.filter({ $0 }).count <= box.width
        else { return false }
        var explained = 0
        for run in components.runs(of: i) {
            if ruleRows[Int(run.y) - box.y] {
                explained += Int(run.x1 - run.x0)
            } else {
                for x in Int(run.x0)..<Int(run.x1) where ruleColumns[x - box.x] { explained += 1 }
            }
        }
        return Double(explained) >= 0.85 * Double(c.ink)
    }

    /// Whether component `i` is a box drawn as an outline: its ink lies along the four sides of its box (within half an
    /// x-height of them, a rounded corner aside), each side drawn along most of its length, and little else. A
    /// picture, a chart's axes or a bracket open on one side are not one.
    func isFrame(_ components: InkComponents, _ i: Int) -> Bool {
        let box = components.components[i].box
        let band = max(2, Int(xHeight / 2))
        guard Double(box.width) >= 4 * xHeight, Double(box.height) >= 2 * xHeight, box.width > 4 * band, box.height > 4 * band
        else { return false }
        if Self.sides(components, i, band: band) != nil { return true }
        // A box drawn a little off level (a slant the deskew left, one side of a page in perspective) runs along its
        // own slanted sides: its bounding box's bands cut them. A long one's sides also bow a little with the paper
        // (a form's field across the page): its bands widen by half a percent of its width.
        guard let slope = Self.slant(components, i, band: band) else { return false }
        return Self.sides(components, i, band: band + box.width / 200, slope: slope) != nil
    }

    /// The steepest slant of a box's sides taken as a box drawn off level (about 3°): a steeper one is no page's box.
    static let steepestSlant = 0.05

    /// The slant (rise per pixel across) of component `i`'s top and bottom sides, when both run straight at one slant a
    /// band or more off level across the box: each side's edge measured column by column, each slope the median over
    /// columns half the box apart. Nil for a level outline, for ink too much for four thin sides (a picture), and
    /// for sides at two slants (no rectangle's).
    static func slant(_ components: InkComponents, _ i: Int, band: Int) -> Double? {
        let c = components.components[i]
        let box = c.box
        let w = box.width, h = box.height
        // Four sides `band` thick around a box as large as the slanted one's can hold at most this much ink.
        let room = 2 * Double(band) * (Double(w + h) * (1 + steepestSlant) + 2)
        guard w > 4, 0.9 * Double(c.ink) <= room else { return nil }
        var top = [Int](repeating: Int.max, count: w), bottom = [Int](repeating: Int.min, count: w)
        for run in components.runs(of: i) {
            let y = Int(run.y) - box.y
            for x in (Int(run.x0) - box.x)..<(Int(run.x1) - box.x) {
                top[x] = min(top[x], y)
                bottom[x] = max(bottom[x], y)
            }
        }
        func slope(_ edge: [Int], _ missing: Int) -> Double? {
            let half = w / 2
            let rises = (0..<(w - half)).compactMap { x -> Int? in
                edge[x] == missing || edge[x + half] == missing ? nil : edge[x + half] - edge[x]
            }
            guard 2 * rises.count >= w - half else { return nil }
            return Double(rises.sorted()[rises.count / 2]) / Double(half)
        }
        guard let upper = slope(top, Int.max), let lower = slope(bottom, Int.min),
            abs(upper - lower) * Double(w) <= Double(band)
        else { return nil }
        let s = (upper + lower) / 2
        guard abs(s) * Double(w) >= Double(band), abs(s) <= steepestSlant else { return nil }
        return s
    }

    /// Whether component `i` is a tick box (a form's or a quiz's empty square, about a capital's size): a square
    /// outline, its corners drawn (a letter O is round), nothing inside. Recognition reads one as "O", "C", "1" or
    /// "[]", so it is painted out with the surface; a ticked box holds ink inside and stays.
    func isTickBox(_ components: InkComponents, _ i: Int) -> Bool {
        let box = components.components[i].box
        let side = Double(min(box.width, box.height))
        guard side >= 0.8 * xHeight, Double(max(box.width, box.height)) <= 2.5 * xHeight,
            Double(max(box.width, box.height)) <= 1.3 * side
        else { return false }
        let band = max(1, Int(side / 6))
        guard let sides = Self.sides(components, i, band: band) else { return false }
        let w = box.width
        return [sides.top, sides.bottom].allSatisfy { $0[0..<band].contains(true) && $0[(w - band)..<w].contains(true) }
    }

    /// The sides of component `i`'s box that its ink runs along (each side drawn along four fifths of its length,
    /// within `band` of the box's edge, and nine tenths of the ink lies so), or nil when it is no outline.
    static func sides(_ components: InkComponents, _ i: Int, band: Int) -> (top: [Bool], bottom: [Bool])? {
        let c = components.components[i]
        let box = c.box
        guard box.width > 2 * band, box.height > 2 * band else { return nil }
        var top = [Bool](repeating: false, count: box.width), bottom = top
        var left = [Bool](repeating: false, count: box.height), right = left
        var along = 0
        for run in components.runs(of: i) {
            let y = Int(run.y) - box.y, x0 = Int(run.x0) - box.x, x1 = Int(run.x1) - box.x
            if y < band || y >= box.height - band {
                for x in x0..<x1 {
                    if y < band { top[x] = true } else { bottom[x] = true }
                }
                along += x1 - x0
                continue
            }
            if x0 < band { left[y] = true }
            if x1 > box.width - band { right[y] = true }
            along += max(0, min(x1, band) - x0) + max(0, x1 - max(x0, box.width - band))
        }
        return outline(top: top, bottom: bottom, left: left, right: right, band: band, along: along, ink: c.ink)
    }

    /// The same for a box drawn at `slope`: each ink pixel turned level about the box's corner first, its sides then
    /// measured in the turned pixels' own box.
    static func sides(_ components: InkComponents, _ i: Int, band: Int, slope: Double) -> (top: [Bool], bottom: [Bool])? {
        let c = components.components[i]
        let box = c.box
        func level(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
            let dx = Double(x - box.x), dy = Double(y - box.y)
            return (Int((dx + slope * dy).rounded()), Int((dy - slope * dx).rounded()))
        }
        var maxX = Int.min, maxY = Int.min, lowX = Int.max, lowY = Int.max
        for run in components.runs(of: i) {
            for x in Int(run.x0)..<Int(run.x1) {
                let p = level(x, Int(run.y))
                (lowX, lowY, maxX, maxY) = (min(lowX, p.x), min(lowY, p.y), max(maxX, p.x), max(maxY, p.y))
            }
        }
        guard maxX >= lowX else { return nil }
        let width = maxX - lowX + 1, height = maxY - lowY + 1
        guard width > 2 * band, height > 2 * band else { return nil }
        var top = [Bool](repeating: false, count: width), bottom = top
        var left = [Bool](repeating: false, count: height), right = left
        var along = 0
        for run in components.runs(of: i) {
            for x in Int(run.x0)..<Int(run.x1) {
                let p = level(x, Int(run.y))
                let (px, py) = (p.x - lowX, p.y - lowY)
                if py < band || py >= height - band {
                    if py < band { top[px] = true } else { bottom[px] = true }
                    along += 1
                    continue
                }
                if px < band { left[py] = true }
                if px >= width - band { right[py] = true }
                if px < band || px >= width - band { along += 1 }
            }
        }
        return outline(top: top, bottom: bottom, left: left, right: right, band: band, along: along, ink: c.ink)
    }

    /// Whether sides measured so make an outline: each drawn along four fifths of its length, nine tenths of the ink on them.
    static func outline(top: [Bool], bottom: [Bool], left: [Bool], right: [Bool], band: Int, along: Int, ink: Int) -> (
        top: [Bool], bottom: [Bool]
    )? {
        func drawn(_ side: ArraySlice<Bool>) -> Bool { 5 * side.filter { $0 }.count >= 4 * side.count }
        // The upright sides are counted between the top and bottom bands, whose rows are the level sides'.
        let between = band..<(left.count - band)
        guard drawn(top[...]), drawn(bottom[...]), drawn(left[between]), drawn(right[between]), Double(along) >= 0.9 * Double(ink)
        else { return nil }
        return (top, bottom)
    }

    /// Cells where print is: each line's box, half a line height above and below, and four beyond its ends (a
    /// lone quantity or price in the same row).
    func zones(_ lines: [InkLine], cols: Int, rows: Int, cell: Int) -> [Bool] {
        var zone = [Bool](repeating: false, count: cols * rows)
        for line in lines {
            let padY = Int(0.5 * line.letterHeight), padX = Int(4 * line.letterHeight)
            let x0 = max(0, (line.box.x - padX) / cell), x1 = min(cols - 1, (line.box.maxX + padX) / cell)
            let y0 = max(0, (line.box.y - padY) / cell), y1 = min(rows - 1, (line.box.maxY + padY) / cell)
            for r in y0...y1 { for c in x0...x1 { zone[r * cols + c] = true } }
        }
        return zone
    }

    /// Whether any run of component `i` starts or ends in a marked cell.
    func touches(_ components: InkComponents, _ i: Int, _ zone: [Bool], cols: Int, cell: Int) -> Bool {
        components.runs(of: i).contains {
            zone[Int($0.y) / cell * cols + Int($0.x0) / cell] || zone[Int($0.y) / cell * cols + (Int($0.x1) - 1) / cell]
        }
    }

    /// Summed-area table of a grid of counts, (cols + 1) × (rows + 1).
    static func integral(_ grid: [Int], cols: Int, rows: Int) -> [Int] {
        var sums = [Int](repeating: 0, count: (cols + 1) * (rows + 1))
        for r in 0..<rows {
            var running = 0
            for c in 0..<cols {
                running += grid[r * cols + c]
                sums[(r + 1) * (cols + 1) + c + 1] = sums[r * (cols + 1) + c + 1] + running
            }
        }
        return sums
    }

    /// The counted ink inside `box` (clipped to the grid) as a share of its clipped area in pixels.
    static func share(_ sums: [Int], cols: Int, rows: Int, cell: Int, box: PixelBox) -> Double {
        let (c0, c1, r0, r1) = cells(cols: cols, rows: rows, cell: cell, box: box)
        guard c1 > c0, r1 > r0 else { return 0 }
        return Double(sum(sums, cols: cols, rows: rows, cell: cell, box: box)) / Double((c1 - c0) * (r1 - r0) * cell * cell)
    }

    /// The counted ink inside `box`, clipped to the grid.
    static func sum(_ sums: [Int], cols: Int, rows: Int, cell: Int, box: PixelBox) -> Int {
        let (c0, c1, r0, r1) = cells(cols: cols, rows: rows, cell: cell, box: box)
        guard c1 > c0, r1 > r0 else { return 0 }
        return sums[r1 * (cols + 1) + c1] - sums[r0 * (cols + 1) + c1] - sums[r1 * (cols + 1) + c0] + sums[r0 * (cols + 1) + c0]
    }

    static func cells(cols: Int, rows: Int, cell: Int, box: PixelBox) -> (Int, Int, Int, Int) {
        (max(0, box.x / cell), min(cols, max(0, box.maxX) / cell + 1), max(0, box.y / cell), min(rows, max(0, box.maxY) / cell + 1))
    }
}
