// Dot leaders as links: the item before a leader and the price (or page number) after it are one row of the page.
import Foundation
import Support

/// With its leader painted out, an item and its price are read as two lines; on a page turned or curled by a degree
/// or two, the price's line sits higher or lower than the item's by more than rows may differ, and the order step
/// put the price before its item, or under it. The leader said they belong together: the line that ends where a
/// leader starts and the line that starts where it ends are joined into one.
struct LeaderLinks: Sendable {
    /// A dot leader: its first and last dots (page pixels).
    struct Leader: Sendable, Equatable {
        var from: PixelBox
        var to: PixelBox
    }

    /// x-height of the print in page pixels.
    var xHeight: Double
    /// A line ends (or starts) at a leader when its end lies within this many x-heights of the leader's end dot
    /// (a leader may stop a little short, or run on under the first letter).
    var reach = 2.5

    /// `lines` with each item joined to its price across a leader: the line whose end is at a leader's first dot and
    /// whose rows hold that dot's height, and the line whose start is at its last dot and holds that one's. A line
    /// already holding both ends (read across the leader) is left as it is.
    func join(_ lines: [RecognizedLine], across leaders: [Leader]) -> [RecognizedLine] {
        guard !leaders.isEmpty else { return lines }
        var partner: [Int: Int] = [:], taken = Set<Int>()
        let r = reach * xHeight
        for leader in leaders {
            let before = lines.indices.filter { i in
                let b = lines[i].box
                return Self.holds(lines[i], leader.from) && Double(b.maxX) >= Double(leader.from.x) - r
                    && Double(b.maxX) <= Double(leader.from.maxX) + xHeight
            }
            let after = lines.indices.filter { i in
                let b = lines[i].box
                return Self.holds(lines[i], leader.to) && Double(b.x) <= Double(leader.to.maxX) + r && Double(b.x) >= Double(leader.to.x) - xHeight
            }
            guard before.count == 1, after.count == 1, let item = before.first, let price = after.first, item != price,
                !taken.contains(item), !taken.contains(price)
            else { continue }
            partner[item] = price
            taken.formUnion([item, price])
        }
        guard !partner.isEmpty else { return lines }
        trace("order: \(partner.count) item(s) joined to their price across a dot leader")
        return lines.indices.compactMap { i -> RecognizedLine? in
            if let price = partner[i] { return lines[i].joined(with: lines[price]) }
            return partner.values.contains(i) ? nil : lines[i]
        }
    }

    /// Whether `line`'s rows hold `dot`'s height: a leader's dot on the line's row.
    static func holds(_ line: RecognizedLine, _ dot: PixelBox) -> Bool {
        dot.midY >= Double(line.box.y) && dot.midY <= Double(line.box.maxY)
    }
}
