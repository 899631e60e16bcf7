// How far apart two spellings are: the single edits an OCR misread makes (a letter changed, added or dropped).

/// How many single edits (one element changed, added or dropped) turn `a` into `b`, worked out only as far as
/// `limit`: a result above `limit` means "more than `limit`" (a misread is a letter or two, so the count stops early
/// once every way is already further apart). The elements are whatever the caller spells by: characters, UTF-8 bytes.
public func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMin = current[0]
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            rowMin = min(rowMin, current[j])
        }
        if rowMin > limit { return limit + 1 }
        swap(&previous, &current)
    }
    return previous[b.count]
}
