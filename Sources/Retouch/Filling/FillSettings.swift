// The guided exemplar fill's knobs, each default set once here (the kernel's meaning is in RetouchOps.h).

/// Tuning of `HoleFiller`. Defaults were chosen on synthetic masks over real photos (see the README's figures);
/// they describe mechanisms (patch size follows the hole's width, the guide's weight falls with depth), not photos.
public struct FillSettings: Sendable, Equatable {
    /// Patch σ = patchScale·√(hole half-width), clamped to [patchSigmaMin, patchSigmaMax].
    public var patchScale: Float = 0.8
    public var patchSigmaMin: Float = 1.5
    public var patchSigmaMax: Float = 4.5
    /// Each search fills the unknown pixels within this radius of its target.
    public var fillRadius = 2
    /// Candidate sources lie within this distance of the target, plus its depth and patch radius.
    public var searchRadius = 24
    /// Candidates are first sampled on a grid of this step.
    public var coarseStride = 2
    /// Grid candidates ranked by a 3×3 cell summary; this many are then compared in full.
    public var prefilterCount = 48
    /// k for the thinnest holes (the mean of many close matches is the best guess there); wider holes use fewer,
    /// down to bestCountMin, so they keep their texture.
    public var bestCount = 16
    public var bestCountMin = 2
    /// The k best weigh exp(-(cost - best)/(spread·best)).
    public var averageSpread: Float = 0.5
    /// The guide's weight against known pixels at the hole's edge, how fast it falls with depth, and its floor.
    public var guideWeight: Float = 1
    public var guideFalloff: Float = 4
    public var guideFloor: Float = 0.1
    /// The guide's weight where a coarser level solved the pixel (trusted at any depth).
    public var hintedGuideWeight: Float = 1
    /// A source may bring at most guardRatio × the line response the target already shows (and at least guardFloor).
    public var guardRatio: Float = 1.5
    public var guardFloor: Float = 2
    /// Fill order: isophote term floor, so flat fronts still advance by confidence.
    public var dataFloor: Float = 0.1
    /// Telea's neighbourhood radius for the guide.
    public var teleaRadius = 5.0
    /// A hole is solved at the pyramid level where its half-width is at most this many pixels, then refined.
    public var singleScaleDepth: Float = 16
    /// Long thin holes are filled in tiles of this side (plus a margin), which bounds memory.
    public var tileSide = 512
    /// The quick preview fill solves holes of more than this many pixels on a coarser copy.
    public var quickFillPixels = 120_000
    /// A single crop (with its margins) above this many pixels is refused rather than risking memory.
    public var maxCropPixels = 6_000_000
    /// A part too deep for `maxCropPixels` at full size is filled on a copy up to this many times smaller (softer by
    /// as much); deeper than that it is refused as too large.
    public var maxReduction = 4

    public init() {}

    public static let standard = FillSettings()

    /// Largest patch radius the settings can produce.
    var maxPatchRadius: Int { Int((1.5 * patchSigmaMax).rounded(.up)) }
}
