// The edit stack: undo, redo, a new edit after undo, Refine, and what replays.
import Foundation
import Retouch
import Support
import Testing

@Suite("Edit stack")
struct EditStackTests {
    static func stroke(_ x: Double) -> EditOperation {
        EditOperation(tool: .brush, shape: .line(points: [PixelPoint(x: x, y: 10)], width: 6))
    }

    @Test("undo and redo move along the stack")
    func undoRedo() {
        var stack = EditStack()
        stack.push(Self.stroke(1))
        stack.push(Self.stroke(2))
        #expect(stack.effective == [Self.stroke(1), Self.stroke(2)])
        let undone = stack.undo()
        #expect(undone)
        #expect(stack.effective == [Self.stroke(1)])
        #expect(stack.canRedo)
        let redone = stack.redo()
        #expect(redone)
        #expect(stack.effective.count == 2)
        let pastTheTop = stack.redo()
        #expect(!pastTheTop)
        stack.undo()
        stack.undo()
        let pastTheBottom = stack.undo()
        #expect(!pastTheBottom)
        #expect(stack.effective.isEmpty)
    }

    @Test("a new edit after undo drops what was undone")
    func newEditDropsRedo() {
        var stack = EditStack()
        stack.push(Self.stroke(1))
        stack.push(Self.stroke(2))
        stack.undo()
        stack.push(Self.stroke(3))
        #expect(stack.operations == [Self.stroke(1), Self.stroke(3)])
        #expect(!stack.canRedo)
    }

    @Test("refine replaces the last edit with a wider one; undo brings the first back")
    func refine() {
        var stack = EditStack()
        stack.push(Self.stroke(1))
        stack.push(Self.stroke(2))
        let refined = stack.refineLast(growingBy: 3)
        #expect(refined)
        #expect(stack.effective.count == 2)
        #expect(stack.effective.last?.grow == 3)
        stack.undo()
        #expect(stack.effective.last?.grow == 0)
        var empty = EditStack()
        let nothingToRefine = empty.refineLast(growingBy: 3)
        #expect(!nothingToRefine)
    }

    @Test("the stack survives a JSON round trip")
    func codable() throws {
        var stack = EditStack()
        stack.push(
            EditOperation(
                tool: .object, shape: .outline(polygons: [[PixelPoint(x: 1, y: 1), PixelPoint(x: 9, y: 1), PixelPoint(x: 5, y: 8)]]), feather: 2))
        stack.push(Self.stroke(4))
        stack.undo()
        let decoded = try JSONDecoder().decode(EditStack.self, from: JSONEncoder().encode(stack))
        #expect(decoded == stack)
    }
}
