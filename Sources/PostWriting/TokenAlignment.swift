// Which words of one text are the same words of another: a longest common subsequence, bounded in time and memory.

/// Aligns two word sequences the way a diff does: equal runs kept in order, the rest inserted, deleted or replaced.
/// Common ends are trimmed; a small middle is solved exactly (LCS table); a large one is cut at words found once in
/// each (patience anchors) and each piece solved the same way; with no anchors left, equal words are paired greedily
/// within a window. Memory stays under a few megabytes whatever the texts.
enum TokenAlignment {
    /// Largest middle solved exactly: cells of the LCS table.
    static let exactCells = 250_000

    /// Pairs (i, j) with a[i] == b[j], increasing in both.
    static func pairs<T: Hashable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
        // Words become small integers once, so every comparison below is an Int comparison.
        var ids: [T: Int] = [:]
        func id(_ word: T) -> Int {
            if let known = ids[word] { return known }
            ids[word] = ids.count
            return ids.count - 1
        }
        let x = a.map(id)
        let y = b.map(id)
        var result: [(Int, Int)] = []
        align(x, y, 0..<x.count, 0..<y.count, into: &result)
        return result
    }

    /// For each index of `a`, the index of `b` it is paired with, or nil.
    static func matches<T: Hashable>(_ a: [T], _ b: [T]) -> [Int?] {
        var result = [Int?](repeating: nil, count: a.count)
        for (i, j) in pairs(a, b) { result[i] = j }
        return result
    }

    private static func align(_ a: [Int], _ b: [Int], _ ra: Range<Int>, _ rb: Range<Int>, into result: inout [(Int, Int)]) {
        var lo = (ra.lowerBound, rb.lowerBound)
        var hi = (ra.upperBound, rb.upperBound)
        while lo.0 < hi.0, lo.1 < hi.1, a[lo.0] == b[lo.1] {
            result.append(lo)
            lo = (lo.0 + 1, lo.1 + 1)
        }
        var tail: [(Int, Int)] = []
        while lo.0 < hi.0, lo.1 < hi.1, a[hi.0 - 1] == b[hi.1 - 1] {
            hi = (hi.0 - 1, hi.1 - 1)
            tail.append(hi)
        }
        let n = hi.0 - lo.0, m = hi.1 - lo.1
        if n > 0, m > 0 {
            if n * m <= exactCells {
                exact(a, b, lo.0..<hi.0, lo.1..<hi.1, into: &result)
            } else if let anchors = patienceAnchors(a, b, lo.0..<hi.0, lo.1..<hi.1), !anchors.isEmpty {
                var from = lo
                for anchor in anchors {
                    align(a, b, from.0..<anchor.0, from.1..<anchor.1, into: &result)
                    result.append(anchor)
                    from = (anchor.0 + 1, anchor.1 + 1)
                }
                align(a, b, from.0..<hi.0, from.1..<hi.1, into: &result)
            } else {
                greedy(a, b, lo.0..<hi.0, lo.1..<hi.1, into: &result)
            }
        }
        result += tail.reversed()
    }

    /// The LCS table, filled from the end so the walk back goes forwards.
    private static func exact(_ a: [Int], _ b: [Int], _ ra: Range<Int>, _ rb: Range<Int>, into result: inout [(Int, Int)]) {
        let n = ra.count, m = rb.count
        var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] =
                    a[ra.lowerBound + i] == b[rb.lowerBound + j]
                    ? table[(i + 1) * (m + 1) + j + 1] + 1
                    : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var i = 0, j = 0
        while i < n, j < m {
            if a[ra.lowerBound + i] == b[rb.lowerBound + j] {
                result.append((ra.lowerBound + i, rb.lowerBound + j))
                i += 1
                j += 1
            } else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
    }

    /// Words found exactly once in each range, in the longest run increasing in both (patience sorting).
    private static func patienceAnchors(_ a: [Int], _ b: [Int], _ ra: Range<Int>, _ rb: Range<Int>) -> [(Int, Int)]? {
        var countA: [Int: Int] = [:], countB: [Int: Int] = [:], whereB: [Int: Int] = [:]
        for i in ra { countA[a[i], default: 0] += 1 }
        for j in rb {
            countB[b[j], default: 0] += 1
            whereB[b[j]] = j
        }
        let candidates = ra.compactMap { i -> (Int, Int)? in
            countA[a[i]] == 1 && countB[a[i]] == 1 ? (i, whereB[a[i]]!) : nil
        }
        guard !candidates.isEmpty else { return nil }
        // Longest increasing subsequence of the b positions (candidates are in a order already).
        var tails: [Int] = []  // index into candidates
        var previous = [Int](repeating: -1, count: candidates.count)
        for (k, candidate) in candidates.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if candidates[tails[mid]].1 < candidate.1 { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[k] = tails[low - 1] }
            if low == tails.count { tails.append(k) } else { tails[low] = k }
        }
        var chain: [(Int, Int)] = []
        var k = tails.last ?? -1
        while k >= 0 {
            chain.append(candidates[k])
            k = previous[k]
        }
        return chain.reversed()
    }

    /// Each word of `a` takes the next equal word of `b` within a short window: the fallback for two long stretches
    /// that share no word used once.
    private static func greedy(_ a: [Int], _ b: [Int], _ ra: Range<Int>, _ rb: Range<Int>, into result: inout [(Int, Int)]) {
        var cursor = rb.lowerBound
        for i in ra {
            var j = cursor
            while j < min(rb.upperBound, cursor + 12) {
                if a[i] == b[j] {
                    result.append((i, j))
                    cursor = j + 1
                    break
                }
                j += 1
            }
        }
    }
}
