// The retouch tool's sessions (no HTTP): projects from uploads, edits pushed and undone, previews quick then refined,
// and exports replayed; the web pages and the command line call it alike.
import Foundation
import Imaging
import Retouch
import Storage
import Support

/// What the editor shows after each step.
public struct RetouchState: Sendable, Encodable {
    public var id: String
    public var width: Int
    public var height: Int
    public var previewWidth: Int
    public var previewHeight: Int
    /// How many edits are in effect (a Refine replaces the edit it refines). Their shapes are not sent: the overlay
    /// is one picture (`mask.png`), so this answer stays the same size however many edits a photo has.
    public var editCount: Int
    /// The last edit in effect, in brief (what Refine and the width slider act on).
    public var last: EditSummary?
    /// Changes whenever the overlay does, so the editor fetches `mask.png` again.
    public var maskVersion: String
    public var applied: Int
    public var count: Int
    public var canUndo: Bool
    public var canRedo: Bool
    /// Changes whenever the picture does, so the editor fetches the new preview.
    public var version: String
    /// Width of the last wire found, for the width slider.
    public var lastWireWidth: Double?
    /// Whether the preview shows the guided fill (false: the quick fill, the guided one is on its way).
    public var refined: Bool
    /// The stored edits (1-based, at most five) that could not be drawn and are left out; empty when every edit is drawn.
    public var skippedEdits: [Int]
    /// More edits than `skippedEdits` names were left out.
    public var moreSkipped: Bool
    /// What the editor shows about the skipped edits, in the reader's words (set by the web layer); nil when none.
    public var note: String?
}

/// An edit in a few numbers: its tool, how many points its shape has, and a line's width in photo pixels.
public struct EditSummary: Sendable, Encodable {
    public var tool: EditOperation.Tool
    public var points: Int
    public var width: Double?

    public init(_ operation: EditOperation) {
        tool = operation.tool
        switch operation.shape {
        case .line(let points, let width):
            self.points = points.count
            self.width = width
        case .outline(let polygons):
            points = polygons.reduce(0) { $0 + $1.count }
            width = nil
        }
    }
}

/// What the person asked for, in photo pixels.
public struct EditRequest: Sendable, Decodable {
    public var tool: EditOperation.Tool
    public var tap: PixelPoint?
    public var points: [PixelPoint]?
    public var width: Double?
    public var feather: Double?
    /// Person tool: every person in the photo instead of the one under the tap.
    public var all: Bool?
    /// Object tool: the thing's cast shadow too.
    public var shadow: Bool?
    /// Brush: the stroke snaps to the strong edges inside it.
    public var smart: Bool?
}

/// Works on projects one change at a time (a bounded queue: fills are heavy and the machine is small); keeps the
/// last pictures of the projects in use in memory so undo and redo are instant and a new edit fills only its own area.
public struct RetouchStudio: Sendable {
    public let projects: any RetouchRepository
    let limits: RetouchLimits
    let queue: BoundedWorkQueue
    /// The background refinements: one at a time across all projects, a couple waiting; the rest wait for the
    /// editor's next look (which asks again).
    let refiner = BoundedWorkQueue(workers: 1, maxWaiting: 2)
    let cache: RenderCache
    let replayer = EditReplayer()

    public init(projects: any RetouchRepository, limits: RetouchLimits = .standard, queue: BoundedWorkQueue) {
        self.projects = projects
        self.limits = limits
        self.queue = queue
        self.cache = RenderCache()
    }

    // MARK: Projects

    /// Stores an upload as a new project (the original once, and the preview it starts from).
    public func create(upload data: Data, name: String) async throws -> RetouchProject {
        let limits = limits
        let decoded = try await queue.run {
            try await offload { () throws(RetouchError) in try limits.decode(data, longSide: limits.previewLongSide) }
        }
        guard let jpeg = PhotoRasters.jpegData(decoded.image, quality: 90) else { throw RetouchError.engineFailure("preview encode") }
        return try await projects.create(
            name: name, width: decoded.fullSize.width, height: decoded.fullSize.height, original: data, basePreview: jpeg)
    }

    public func project(_ id: String) async throws -> RetouchProject {
        guard let project = try await projects.project(id: id) else { throw NotFoundError() }
        return project
    }

    public func delete(_ id: String) async throws {
        _ = try await project(id)
        try await projects.delete(id: id)
        await cache.forget(id)
    }

    // MARK: State and pictures

    public func state(_ id: String) async throws -> RetouchState {
        let project = try await project(id)
        let operations = try await self.operations(id)
        let base = try await basePicture(id)
        let stored = try await projects.render(ofProject: id)
        let refined = project.applied == 0 || (stored.map { $0.applied == project.applied && $0.full } ?? false)
        // A refinement that failed for this very state is not tried again on every look (the quick fill stays).
        if !refined, await !cache.refinementFailed(id, at: project.applied) { scheduleRefinement(id) }
        return Self.state(
            project, operations: operations, preview: (base.width, base.height), refined: refined, skipped: await cache.skipped(of: id))
    }

    /// The picture as it is now (JPEG at preview size): the full-quality fill, or the quick one until that is ready.
    public func previewJPEG(_ id: String) async throws -> Data {
        let project = try await project(id)
        if project.applied == 0 { return try await beforeJPEG(id) }
        if let stored = try await projects.render(ofProject: id), stored.applied == project.applied { return stored.jpeg }
        return try await queue.run { try await renderAndStore(project, full: false) }
    }

    /// The editor's overlay: every edit in effect painted as it shows them (shape and grow, no feather), at preview
    /// size, as a grey PNG (255 where an edit is). A few kilobytes, whatever the number of edits.
    public func maskPNG(_ id: String) async throws -> Data {
        let project = try await project(id)
        let effective = EditStack(operations: try await operations(id), applied: project.applied).effective
        let base = try await basePicture(id)
        let scale = Double(base.width) / Double(project.width)
        return try await offload { () throws(RetouchError) -> Data in
            var mask = Mask(width: base.width, height: base.height)
            for operation in effective { operation.paintOverlay(into: &mask, scale: scale) }
            let grey = GrayImage(width: mask.width, height: mask.height, bytes: mask.bytes.map { $0 != 0 ? 255 : 0 })
            guard let png = PhotoRasters.pngData(grey) else { throw .engineFailure("mask encode") }
            return png
        }
    }

    /// The photo before any edit (JPEG at preview size).
    public func beforeJPEG(_ id: String) async throws -> Data {
        guard let data = try await projects.basePreview(ofProject: id) else { throw NotFoundError() }
        return data
    }

    /// The whole photo with every edit in effect, as a full-size JPEG.
    public func exportJPEG(_ id: String) async throws -> Data {
        let project = try await project(id)
        guard let original = try await projects.original(ofProject: id) else { throw NotFoundError() }
        let operations = EditStack(operations: try await self.operations(id), applied: project.applied).effective
        let limits = limits, replayer = replayer
        let jpeg = try await queue.run {
            try await offload { () throws(RetouchError) -> Data in
                var picture = try limits.decode(original).image
                // An edit that cannot be drawn at full size is left out; the others still are.
                let skipped = replayer.replayAll(operations, on: &picture, scale: 1)
                if !skipped.isEmpty { trace("retouch export \(id): edits \(skipped.map { $0 + 1 }) left out") }
                guard let jpeg = PhotoRasters.jpegData(picture, quality: 92) else { throw .engineFailure("export encode") }
                return jpeg
            }
        }
        // The full-size picture and its masks are freed by now: hand their pages back.
        await offload { FreedMemory.returnToSystem() }
        return jpeg
    }

    // MARK: Changes

    /// The edit is found, drawn on the preview and only then stored: an edit that cannot be drawn is refused with its
    /// reason and never kept, so no stored edit breaks the project's later pictures.
    public func add(_ request: EditRequest, to id: String) async throws -> RetouchState {
        try await queue.run {
            let project = try await project(id)
            let current = try await picture(project, at: project.applied, full: false)
            let scale = Double(current.width) / Double(project.width)
            let operation = try await offload { () throws(RetouchError) -> EditOperation in
                try Self.operation(for: request, on: current, scale: scale, photoWidth: project.width)
            }
            return try await store(operation, in: project)
        }
    }

    /// Draws `operation` on top of the picture at the cursor (quick fill), then stores it and keeps the drawing as the
    /// new state's picture.
    private func store(_ operation: EditOperation, in project: RetouchProject) async throws -> RetouchState {
        // Checked before anything is drawn: the count of edits kept, and that the export can fill this one at full size
        // (otherwise an accepted edit would make the photo unexportable).
        guard project.applied < limits.maxEdits else { throw RetouchError.tooManyEdits(limits.maxEdits) }
        guard replayer.filler.canFill(operation, width: project.width, height: project.height) else { throw RetouchError.areaTooLarge }
        let stored = try await operations(project.id)
        let upTo = Array(stored.prefix(project.applied)) + [operation]
        var start = upTo.count - 1
        while start > 0 && upTo[start].replacesPrevious { start -= 1 }
        let before = try await picture(project, at: start, full: false)
        let scale = Double(before.width) / Double(project.width)
        let replayer = replayer
        let drawn = try await offload { () throws(RetouchError) -> RasterImage in
            var copy = before
            try replayer.apply(operation, on: &copy, scale: scale, quick: true)
            return copy
        }
        let updated = try await projects.push(
            RetouchEditRow(position: project.applied, tool: operation.tool.rawValue, payload: try Self.encode(operation)), toProject: project.id)
        await cache.dropRenders(of: project.id, beyond: project.applied)
        await cache.setRender(drawn, full: false, of: project.id, at: updated.applied, epoch: await cache.epoch(of: project.id))
        return try await finish(updated)
    }

    public func undo(_ id: String) async throws -> RetouchState { try await move(id, by: -1) }
    public func redo(_ id: String) async throws -> RetouchState { try await move(id, by: 1) }

    /// Refine the last edit: wider by 2 px, or at the width given (a line's new width from the slider).
    public func refine(_ id: String, width: Double?) async throws -> RetouchState {
        try await queue.run {
            let project = try await project(id)
            var stack = EditStack(operations: try await operations(id), applied: project.applied)
            guard var last = stack.effective.last else { throw RetouchNothingToRefine() }
            if let width, case .line(let points, _) = last.shape {
                last.shape = .line(points: points, width: min(max(width, 1), 400))
                last.replacesPrevious = true
                stack.push(last)
            } else {
                stack.refineLast(growingBy: 2)
            }
            guard let refined = stack.operations.last else { throw RetouchNothingToRefine() }
            return try await store(refined, in: project)
        }
    }

    private func move(_ id: String, by step: Int) async throws -> RetouchState {
        try await queue.run {
            let project = try await project(id)
            return try await finish(try await projects.setApplied(project.applied + step, ofProject: id))
        }
    }

    /// Renders the picture at the project's cursor (quick unless the full one is at hand), stores it, starts the
    /// full-quality fill in the background, and tells the editor.
    private func finish(_ project: RetouchProject) async throws -> RetouchState {
        let cached = await cache.render(of: project.id, at: project.applied)
        let full = project.applied == 0 || cached?.full == true
        _ = try await renderAndStore(project, full: full)
        if !full { scheduleRefinement(project.id) }
        let base = try await basePicture(project.id)
        return Self.state(
            project, operations: try await operations(project.id), preview: (base.width, base.height), refined: full,
            skipped: await cache.skipped(of: project.id))
    }

    private func renderAndStore(_ project: RetouchProject, full: Bool) async throws -> Data {
        let picture = try await picture(project, at: project.applied, full: full)
        let jpeg = try await offload { () throws(RetouchError) -> Data in
            guard let jpeg = PhotoRasters.jpegData(picture, quality: 90) else { throw .engineFailure("preview encode") }
            return jpeg
        }
        try await projects.saveRender(RetouchRender(applied: project.applied, full: full, jpeg: jpeg), ofProject: project.id)
        return jpeg
    }

    /// The guided fill of the picture at the cursor, off the request path: the editor shows the quick fill until
    /// this lands. One run per project at a time (and one across projects, see `refiner`); it follows the cursor
    /// until it catches up. A failure leaves the quick fill in place; the editor's next look tries again.
    private func scheduleRefinement(_ id: String) {
        let studio = self
        Task.detached(priority: .utility) {
            guard await studio.cache.beginRefining(id) else { return }
            _ = try? await studio.refiner.run { try await studio.storeRefinedPreview(id) }
            await studio.cache.endRefining(id)
        }
    }

    /// The guided fill at the cursor, stored as the preview (what `scheduleRefinement` runs).
    private func storeRefinedPreview(_ id: String) async throws {
        for _ in 0..<50 {
            let project = try await project(id)
            if project.applied == 0 { return }
            if let stored = try await projects.render(ofProject: id), stored.applied == project.applied, stored.full { return }
            let epoch = await cache.epoch(of: id)
            let jpeg: Data
            do {
                let picture = try await picture(project, at: project.applied, full: true)
                jpeg = try await offload { () throws(RetouchError) -> Data in
                    guard let jpeg = PhotoRasters.jpegData(picture, quality: 90) else { throw .engineFailure("preview encode") }
                    return jpeg
                }
            } catch {
                await cache.markRefinementFailed(id, at: project.applied, epoch: epoch)
                throw error
            }
            // Saved only if the cursor is still there and no edit was dropped meanwhile; otherwise follow it.
            let now = try await self.project(id)
            if now.applied == project.applied, await cache.epoch(of: id) == epoch {
                try await projects.saveRender(RetouchRender(applied: now.applied, full: true, jpeg: jpeg), ofProject: id)
                return
            }
        }
    }

    // MARK: Rendering

    private func operations(_ id: String) async throws -> [EditOperation] {
        var skipped: [Int] = []
        let operations = try await projects.edits(ofProject: id).map { row in
            do {
                return try JSONDecoder().decode(EditOperation.self, from: Data(row.payload.utf8))
            } catch {
                // A row that no longer reads as an edit draws nothing, so the cursor and the other edits stay as they were.
                skipped.append(row.position)
                return EditOperation(tool: .brush, shape: .line(points: [], width: 1))
            }
        }
        for position in skipped { await cache.noteSkipped(position, of: id) }
        return operations
    }

    private func basePicture(_ id: String) async throws -> RasterImage {
        if let cached = await cache.base(of: id) { return cached }
        guard let jpeg = try await projects.basePreview(ofProject: id) else { throw NotFoundError() }
        let limits = limits
        let picture = try await offload { () throws(RetouchError) in try limits.decode(jpeg).image }
        await cache.setBase(picture, of: id)
        return picture
    }

    /// The preview-size picture after the first `cursor` edits, from memory or made from the nearest state there.
    /// An edit is applied to the picture it was made on (a Refine to the one before the edit it replaces). `full`
    /// asks for the guided fill all the way; otherwise the newest edit may be the quick fill.
    private func picture(_ project: RetouchProject, at cursor: Int, full: Bool) async throws -> RasterImage {
        if let cached = await cache.render(of: project.id, at: cursor), cached.full || !full { return cached.picture }
        if cursor == 0 { return try await basePicture(project.id) }
        let epoch = await cache.epoch(of: project.id)
        let operations = try await operations(project.id)
        guard cursor <= operations.count else { return try await basePicture(project.id) }
        var start = cursor - 1
        while start > 0 && operations[start].replacesPrevious { start -= 1 }
        let operation = operations[cursor - 1]
        let before = try await self.picture(project, at: start, full: full)
        let scale = Double(before.width) / Double(project.width)
        let replayer = replayer
        let drawn = await offload { () -> RasterImage? in
            var copy = before
            do {
                try replayer.apply(operation, on: &copy, scale: scale, quick: !full)
            } catch {
                return nil
            }
            return copy
        }
        // A stored edit that cannot be drawn (stored by an older version, or beyond this machine's means) is left out
        // with a note, and the picture goes on from the one before it.
        if drawn == nil { await cache.noteSkipped(cursor - 1, of: project.id) }
        let picture = drawn ?? before
        await cache.setRender(picture, full: full, of: project.id, at: cursor, epoch: epoch)
        return picture
    }

    // MARK: Pieces

    /// Turns a request into an edit: wires and objects are found on the picture as it is now.
    static func operation(for request: EditRequest, on picture: RasterImage, scale: Double, photoWidth: Int) throws(RetouchError)
        -> EditOperation
    {
        let feather = min(max(request.feather ?? 0, 0), 100)
        switch request.tool {
        case .wire:
            guard let tap = request.tap else { throw .noWire }
            var found = try WireFinder().find(in: picture, fullWidth: photoWidth, near: tap)
            if let width = request.width { found.width = min(max(width, 1), 400) }
            return EditOperation(tool: .wire, shape: .line(points: found.points, width: found.width), grow: 0, feather: feather)
        case .object:
            guard let tap = request.tap else { throw .noObject }
            let outlines = try ObjectFinder().find(in: picture, near: tap.scaled(by: scale), shadow: request.shadow == true)
            let polygons = outlines.map { $0.map { PixelPoint(x: $0.x / scale, y: $0.y / scale) } }
            // A couple of preview pixels more, so the thing's soft edge goes with it.
            return EditOperation(tool: .object, shape: .outline(polygons: polygons), grow: 2 / scale, feather: feather)
        case .person:
            let finder = PersonFinder()
            let outlines: [[PixelPoint]]
            if request.all == true {
                outlines = try finder.findAll(in: picture)
            } else {
                guard let tap = request.tap else { throw .noPerson }
                outlines = try finder.find(in: picture, near: tap.scaled(by: scale))
            }
            let polygons = outlines.map { $0.map { PixelPoint(x: $0.x / scale, y: $0.y / scale) } }
            return EditOperation(tool: .person, shape: .outline(polygons: polygons), grow: 2 / scale, feather: feather)
        case .brush, .lineBrush:
            let points = Array((request.points ?? []).prefix(5000))
            guard !points.isEmpty, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { throw .emptyMask }
            let width = min(max(request.width ?? 20, 1), 1000)
            if request.tool == .brush, request.smart == true,
                let outlines = SmartBrush().refine(points.map { $0.scaled(by: scale) }, width: width * scale, on: picture)
            {
                let polygons = outlines.map { $0.map { PixelPoint(x: $0.x / scale, y: $0.y / scale) } }
                return EditOperation(tool: .brush, shape: .outline(polygons: polygons), grow: 1 / scale, feather: feather)
            }
            return EditOperation(tool: request.tool, shape: .line(points: points, width: width), feather: feather)
        }
    }

    static func encode(_ operation: EditOperation) throws -> String {
        String(decoding: try JSONEncoder().encode(operation), as: UTF8.self)
    }

    static func state(
        _ project: RetouchProject, operations: [EditOperation], preview: (Int, Int), refined: Bool, skipped: Set<Int> = []
    ) -> RetouchState {
        let stack = EditStack(operations: operations, applied: project.applied)
        let effective = stack.effective
        var lastWire: Double?
        if let last = effective.last, last.tool == .wire || last.tool == .lineBrush, case .line(_, let width) = last.shape { lastWire = width }
        let picture = "\(project.applied)-\(operations.count)-\(Int(project.updatedAt.timeIntervalSince1970 * 1000))"
        return RetouchState(
            id: project.id, width: project.width, height: project.height, previewWidth: preview.0, previewHeight: preview.1,
            editCount: effective.count, last: effective.last.map(EditSummary.init), maskVersion: picture, applied: project.applied,
            count: operations.count, canUndo: stack.canUndo, canRedo: stack.canRedo, version: "\(picture)-\(refined ? "f" : "q")",
            lastWireWidth: lastWire, refined: refined, skippedEdits: Self.named(skipped.filter { $0 < project.applied }),
            moreSkipped: skipped.filter { $0 < project.applied }.count > 5, note: nil)
    }

    /// The first five edits in effect that replay skipped, as people count them (1 is the first edit).
    static func named(_ skipped: Set<Int>) -> [Int] { skipped.sorted().prefix(5).map { $0 + 1 } }
}

/// The pictures of the projects in use: each one's base and a few of its recent states, quick or full. Bounded:
/// the least recently used project is forgotten first. `epoch` changes when edits are dropped, so a fill started
/// before that cannot land on the wrong state.
actor RenderCache {
    struct Render {
        var picture: RasterImage
        var full: Bool
    }

    private struct Entry {
        var base: RasterImage?
        var renders: [Int: Render] = [:]
        var order: [Int] = []
        var epoch = 0
    }

    private var entries: [String: Entry] = [:]
    private var recency: [String] = []
    private var refining: Set<String> = []
    /// The state (cursor and epoch) whose refinement failed, per project.
    private var failures: [String: (applied: Int, epoch: Int)] = [:]
    /// Stored edits replay could not draw, per project (kept while the server runs; a new edit at or before one
    /// drops it, see `dropRenders`).
    private var skips: [String: Set<Int>] = [:]
    let maxProjects = 2
    let maxRendersPerProject = 6

    func base(of id: String) -> RasterImage? {
        touch(id)
        return entries[id]?.base
    }

    func setBase(_ picture: RasterImage, of id: String) {
        touch(id)
        entries[id, default: Entry()].base = picture
    }

    func render(of id: String, at cursor: Int) -> Render? {
        touch(id)
        return entries[id]?.renders[cursor]
    }

    func epoch(of id: String) -> Int { entries[id]?.epoch ?? 0 }

    func setRender(_ picture: RasterImage, full: Bool, of id: String, at cursor: Int, epoch: Int) {
        touch(id)
        var entry = entries[id, default: Entry()]
        guard entry.epoch == epoch, !(entry.renders[cursor]?.full == true && !full) else { return }
        entry.renders[cursor] = Render(picture: picture, full: full)
        entry.order.removeAll { $0 == cursor }
        entry.order.append(cursor)
        while entry.order.count > maxRendersPerProject { entry.renders[entry.order.removeFirst()] = nil }
        entries[id] = entry
    }

    /// A new edit at `cursor` makes every state past it obsolete.
    func dropRenders(of id: String, beyond cursor: Int) {
        var entry = entries[id, default: Entry()]
        for key in entry.renders.keys where key > cursor { entry.renders[key] = nil }
        entry.order.removeAll { $0 > cursor }
        entry.epoch += 1
        entries[id] = entry
        skips[id] = skips[id]?.filter { $0 < cursor }
    }

    /// Marks the stored edit at `index` (0-based) as one replay could not draw.
    func noteSkipped(_ index: Int, of id: String) { skips[id, default: []].insert(index) }
    func skipped(of id: String) -> Set<Int> { skips[id] ?? [] }

    func forget(_ id: String) {
        skips[id] = nil
        failures[id] = nil
        entries[id] = nil
        recency.removeAll { $0 == id }
    }

    func beginRefining(_ id: String) -> Bool { refining.insert(id).inserted }
    func endRefining(_ id: String) { refining.remove(id) }

    func markRefinementFailed(_ id: String, at cursor: Int, epoch: Int) { failures[id] = (cursor, epoch) }

    func refinementFailed(_ id: String, at cursor: Int) -> Bool {
        guard let failure = failures[id] else { return false }
        return failure.applied == cursor && failure.epoch == (entries[id]?.epoch ?? 0)
    }

    private func touch(_ id: String) {
        recency.removeAll { $0 == id }
        recency.append(id)
        while recency.count > maxProjects {
            let dropped = recency.removeFirst()
            entries[dropped] = nil
        }
    }
}

public struct RetouchNothingToRefine: UserFacingError {
    public var code: String { "nothing_to_refine" }
    public var category: ErrorCategory { .badInput }
}
