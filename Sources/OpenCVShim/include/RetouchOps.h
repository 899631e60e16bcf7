// The retouch tool's C functions: OpenCV as a library (Telea, filters, grab-cut) plus our own fill kernel.
#ifndef SNAPPOST_RETOUCH_OPS_H
#define SNAPPOST_RETOUCH_OPS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Buffers are row-major with no padding: RGB is 3 interleaved bytes per pixel, masks and grey are 1 byte
/// (non-zero = selected). Every function returns 0 on success and a negative value on bad arguments or when
/// OpenCV throws (out of memory included); outputs are then unspecified.

/// OpenCV's Telea fill of `mask` in `rgb` (w×h), written to `out` (may equal `rgb`).
int snappost_retouch_telea(const uint8_t *rgb, const uint8_t *mask, int w, int h, double radius, uint8_t *out);

/// Multi-scale Hessian line response of a grey image. For each pixel the strongest scale-normalised response
/// over `sigmas` is kept, separately for dark lines (darker than both sides) and bright ones, with the
/// line's unit normal and the winning sigma. Any output may be NULL except the two strengths.
int snappost_retouch_ridges(const uint8_t *gray, int w, int h, const float *sigmas, int sigmaCount,
                            float *darkStrength, float *brightStrength, float *normalX, float *normalY,
                            float *bestSigma);

/// Grab-cut inside the rectangle (rx, ry, rw, rh) of `rgb`. `hint` (may be NULL) marks what is known of pixels:
/// 1 = surely the object, 2 = surely not, 3 = probably not, 4 = probably the object, 0 = the rectangle decides (inside:
/// probably the object, outside: surely not). `out` gets 255 on the object.
int snappost_retouch_grabcut(const uint8_t *rgb, int w, int h, int rx, int ry, int rw, int rh,
                             const uint8_t *hint, int iterations, uint8_t *out);

/// Outer outlines of the regions where `mask` is non-zero, each simplified to within `tolerance` pixels.
/// Points go to `points` as x, y pairs (room for `pointCapacity` points), the number of points of each outline to
/// `counts` (room for `outlineCapacity`). `*pointTotal` and `*outlineTotal` get what was needed; when that is more
/// than the room given, nothing is written and the function returns -3 so the caller can retry.
int snappost_retouch_outlines(const uint8_t *mask, int w, int h, double tolerance, int32_t *points, int pointCapacity,
                              int32_t *counts, int outlineCapacity, int *pointTotal, int *outlineTotal);

/// Tuning of the guided exemplar fill (see RetouchFill.cpp).
typedef struct {
    float patchScale;       ///< patch σ = patchScale·√(deepest point of the hole part), clamped to the two below;
    float patchSigmaMin;    ///<   pixels weigh exp(-d²/2σ²) by their distance d from the patch centre and the
    float patchSigmaMax;    ///<   patch reaches 1.5σ, so thin holes match on close context and wide ones on more
    int fillRadius;         ///< each search fills the unknown pixels within this radius of its centre
    int searchRadius;       ///< candidate centres lie within this distance (plus the target's depth)
    int coarseStride;       ///< first pass samples candidates at this stride, then refines around the best
    int prefilterCount;     ///< grid candidates ranked by a 3×3 cell summary; this many go on to the full patch
    int bestCount;          ///< k: the k best patches are averaged, for the thinnest holes; wider holes average
    int bestCountMin;       ///<   k·(σmin/σ)², at least this many, so they keep their texture
    float averageSpread;    ///< the k best weigh exp(-(cost - best)/(spread·best)); 0 = plain mean
    float guideWeight;      ///< weight of the guide term at the hole's edge (known pixels weigh 1)
    float guideFalloff;     ///< depth in pixels over which the guide weight falls by e
    float guideFloor;       ///< the guide weight never falls below this fraction of guideWeight
    float hintedGuideWeight; ///< guide weight at any depth where a coarser level's solution is the guide
    float guardRatio;       ///< a source may bring at most this much more line response than the target has
    float guardFloor;       ///< line response below this never counts as a line
    float dataFloor;        ///< order: added to the isophote term so flat fronts still advance by confidence
} snappost_fill_params;

/// Fills the pixels where `hole` is 1; where it is 2 the pixel is a hole this call leaves alone (another tile's).
/// `rgb` (w×h×3 floats) holds the picture (hole pixels ignored), `guide` a smooth fill of the same holes,
/// `darkLines` and `brightLines` the line response of the guide (w×h floats each; see snappost_retouch_ridges).
/// `hints` (may be NULL) gives per pixel the index of a source centre found at a coarser level (-1: none); where
/// given, it replaces the grid search. The result, with known pixels unchanged and the guide in hole-2 pixels, goes to
/// `out` (w×h×3 floats, may equal `rgb`); `origins` (may be NULL) gets per filled pixel the index of the pixel its best source copied.
int snappost_retouch_guided_fill(const float *rgb, const float *guide, const uint8_t *hole, const float *darkLines,
                                 const float *brightLines, const int32_t *hints, int w, int h,
                                 const snappost_fill_params *params, float *out, int32_t *origins);

#ifdef __cplusplus
}
#endif

#endif
