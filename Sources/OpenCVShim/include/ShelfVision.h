// The shelf tool's OpenCV functions: find book spines in a grey photo and cut each out upright.
#ifndef SNAPPOST_SHELF_VISION_H
#define SNAPPOST_SHELF_VISION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Tuning for spine detection; snappost_shelf_default_params() fills the measured defaults.
typedef struct snappost_shelf_params {
    /// The photo is shrunk to this long side (pixels) for detection; cuts are taken from the full photo.
    int32_t working_long_side;
    /// Canny hysteresis thresholds.
    double canny_low, canny_high;
    /// Spine edges may lean this far from vertical (degrees).
    double max_tilt_degrees;
    /// A spine edge's segments must cover at least this fraction of its shelf row's height.
    double min_edge_coverage;
    /// Spines narrower than this fraction of the row height are merged with a neighbour.
    double min_spine_width;
    /// A row of books must be at least this fraction of the photo's height.
    double min_row_height;
} snappost_shelf_params;

/// One spine: a quadrilateral in the input image's pixels, corners top-left, top-right, bottom-right, bottom-left.
typedef struct snappost_spine {
    float x[4];
    float y[4];
    /// Which shelf row (0 = top) the spine stands in.
    int32_t row;
} snappost_spine;

void snappost_shelf_default_params(snappost_shelf_params *params);

/// Finds spines in an 8-bit grey image (row-major, no padding), left to right within rows, rows top to bottom.
/// Writes at most `capacity` spines to `out` and returns how many were found (which may exceed `capacity`),
/// or -1 when the input is unusable.
int32_t snappost_shelf_find_spines(const uint8_t *gray, int32_t width, int32_t height, const snappost_shelf_params *params,
                                   snappost_spine *out, int32_t capacity);

/// Cuts `spine` out of the grey image, straightened to an upright `out_width` × `out_height` image (its long side
/// vertical), with a local contrast boost (CLAHE). `out` must hold out_width × out_height bytes. Returns 0 on success.
int32_t snappost_shelf_cut_spine(const uint8_t *gray, int32_t width, int32_t height, const snappost_spine *spine,
                                 uint8_t *out, int32_t out_width, int32_t out_height);

#ifdef __cplusplus
}
#endif

#endif
