// The edits of one photo in order, with a cursor: undo and redo move it, a new edit drops what was undone.

/// Non-destructive history: `operations[..<applied]` are in effect; the rest can be redone.
public struct EditStack: Sendable, Codable, Equatable {
    public private(set) var operations: [EditOperation]
    public private(set) var applied: Int

    public init(operations: [EditOperation] = [], applied: Int? = nil) {
        self.operations = operations
        self.applied = min(max(0, applied ?? operations.count), operations.count)
    }

    public var canUndo: Bool { applied > 0 }
    public var canRedo: Bool { applied < operations.count }

    /// Adds an edit on top; anything undone is gone for good.
    public mutating func push(_ operation: EditOperation) {
        operations.removeSubrange(applied...)
        operations.append(operation)
        applied = operations.count
    }

    @discardableResult
    public mutating func undo() -> Bool {
        guard canUndo else { return false }
        applied -= 1
        return true
    }

    @discardableResult
    public mutating func redo() -> Bool {
        guard canRedo else { return false }
        applied += 1
        return true
    }

    /// Refine: the last edit in effect again, grown by `pixels`, replacing it (undo brings it back).
    @discardableResult
    public mutating func refineLast(growingBy pixels: Double) -> Bool {
        guard let last = effective.last else { return false }
        var refined = last
        refined.grow += pixels
        refined.replacesPrevious = true
        push(refined)
        return true
    }

    /// The edits that shape the picture now, in order: those applied, less the ones a later Refine replaced.
    public var effective: [EditOperation] {
        var result: [EditOperation] = []
        for operation in operations.prefix(applied) {
            if operation.replacesPrevious, !result.isEmpty { result.removeLast() }
            result.append(operation)
        }
        return result
    }
}
