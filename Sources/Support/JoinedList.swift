// Lists as people write them: "a", "a and b", "a, b and c" (the shelf summary, its API, the offline writer's drafts).

/// The items joined with commas and `conjunction` before the last; "" for none.
public func joinedList(_ items: [String], and conjunction: String = "and") -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
