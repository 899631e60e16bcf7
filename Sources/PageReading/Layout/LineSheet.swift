// The page's lines of print lifted out one by one, each with its own ink only, and stacked one under another on a
// white sheet. Read as one uniform block, every line of the sheet is a line of the page: short rows that sit offset
// from their neighbours (a receipt's prices half a row below their items, quantities between rows) can no longer be
// merged with the row beside them or cut into blocks, which is how layout analysis and a one-block reading of the
// page itself lose them.
import Foundation
import Imaging
import Support

struct LineSheet: Sendable {
    /// Where one line of the page sits on the sheet.
    struct Slot: Sendable, Equatable {
        /// The line's ink on the page.
        var page: PixelBox
        /// The first sheet row of the line (its ink keeps its own height).
        var top: Int
    }

    /// The sheet: white, with the lines' ink at `margin` from its left edge.
    let image: GrayImage
    /// The lines in the order they sit on the sheet (rows top to bottom, each row's pieces left to right).
    let slots: [Slot]
    /// White left of every line, and between two lines (one x-height).
    let margin: Int
    /// The share of the rows that are in two pieces or more (an item and its price, a label and its value).
    let piecedRows: Double

    /// The sheet of `lines` (rows of letters on `page`, with `components` the page's ink), or nil when there are
    /// too few lines to make one, fewer than `minimumPiecedRows` of its rows are in pieces (checked before anything
    /// is drawn), or `page` is not the page the components were found on. Each line takes its letters and every
    /// smaller mark whose centre lies on it (commas, dots, accents), nearest line first; nothing else of the page
    /// comes with it.
    init?(
        lines: [InkLine], components: InkComponents, page: GrayImage, xHeight: Double, minimumLines: Int = 3, minimumPiecedRows: Double = 0
    ) {
        guard lines.count >= minimumLines, components.width == page.width, components.height == page.height else { return nil }
        let rows = Self.rows(lines)
        let piecedRows = Double(rows.filter { $0.count >= 2 }.count) / Double(max(1, rows.count))
        guard piecedRows >= minimumPiecedRows else { return nil }
        let ordered = rows.flatMap { $0 }
        let members = components.marks(of: ordered, reach: 1.0 / 3)
        var slots: [Slot] = []
        var inks: [[Int]] = []
        for ink in members where !ink.isEmpty {
            let box = ink.dropFirst().reduce(components.components[ink[0]].box) { $0.union(components.components[$1].box) }
            slots.append(Slot(page: box, top: 0))
            inks.append(ink)
        }
        guard slots.count >= minimumLines else { return nil }
        let margin = max(4, Int(xHeight.rounded()))
        var top = margin
        for i in slots.indices {
            slots[i].top = top
            top += slots[i].page.height + margin
        }
        let width = (slots.map(\.page.width).max() ?? 0) + 2 * margin
        // A sheet is never larger than the page twice over (the lines' own boxes, one x-height apart): anything more
        // means lines that are not rows of print.
        guard width * top <= 2 * page.width * page.height + 4 * margin * margin else { return nil }
        var bytes = [UInt8](repeating: 255, count: width * top)
        page.bytes.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { sheet in
                for (slot, ink) in zip(slots, inks) {
                    let dx = margin - slot.page.x, dy = slot.top - slot.page.y
                    for index in ink {
                        for run in components.runs(of: index) {
                            let y = Int(run.y), from = y * page.width, to = (y + dy) * width + dx
                            for x in Int(run.x0)..<Int(run.x1) { sheet[to + x] = source[from + x] }
                        }
                    }
                }
            }
        }
        self.image = GrayImage(width: width, height: top, bytes: bytes)
        self.piecedRows = piecedRows
        self.slots = slots
        self.margin = margin
    }

    /// A line read on the sheet, moved back to the page: by the slot that holds its middle row. Nil when no slot
    /// does (the white between lines).
    func onPage(_ line: RecognizedLine) -> RecognizedLine? {
        let middle = line.box.y + line.box.height / 2
        // The last slot starting at or above the middle.
        var lo = 0, hi = slots.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if slots[mid].top <= middle { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return nil }
        let slot = slots[lo - 1]
        guard middle < slot.top + slot.page.height + margin / 2 else { return nil }
        return line.moved(dx: slot.page.x - margin, dy: slot.page.y - slot.top)
    }

    /// Rows top to bottom (lines that overlap down the page by half the shorter one's height share a row), each
    /// row's lines left to right.
    static func rows(_ lines: [InkLine]) -> [[InkLine]] {
        var rows: [(box: PixelBox, lines: [InkLine])] = []
        for line in lines.sorted(by: { $0.box.y + $0.box.height / 2 < $1.box.y + $1.box.height / 2 }) {
            if let i = rows.lastIndex(where: { TableFinder.shareRow($0.box, line.box) }) {
                rows[i].lines.append(line)
                rows[i].box = rows[i].box.union(line.box)
            } else {
                rows.append((line.box, [line]))
            }
        }
        return rows.map { $0.lines.sorted { $0.box.x < $1.box.x } }
    }
}
