// Our guided exemplar fill: patches chosen by their match to the known pixels and to a smooth guide, k averaged.
// Plain C++ with no OpenCV types; it lives in the shim so Swift reaches every native kernel through one header.
// Why C++: the patch cost below, measured alone on 4.6 M candidates (9×9×3), took 8.0–11.1 s in Swift -O with safe
// arrays against 4.1–4.5 s here at -O2 on this machine; Swift matched it only with -Ounchecked, which we will not ship.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>
#include <queue>
#include <vector>
#include "RetouchOps.h"

namespace {

/// `outside`: a hole pixel this call must not fill (another tile's): no source, guide values, never a target.
enum : uint8_t { known = 0, unknown = 1, filled = 2, outside = 3 };

constexpr int maxBest = 32;
constexpr int maxRadius = 12;
/// Half-side of the window that orders the front (see `priority`).
constexpr int priorityRadius = 3;

struct Candidate {
    float cost;
    int x, y;
};

struct Entry {
    float priority;
    int index;
    uint32_t stamp;
    bool operator<(const Entry &o) const { return priority < o.priority; }
};

/// The k cheapest candidates seen so far, cheapest first (the caller offers each position once).
struct BestList {
    Candidate items[maxBest * 2];
    int count = 0, capacity = 1;

    float limit() const { return count == capacity ? items[count - 1].cost : 3.4e38f; }

    void offer(Candidate c) {
        if (c.cost >= limit()) return;
        int at = count == capacity ? count - 1 : count++;
        while (at > 0 && items[at - 1].cost > c.cost) {
            items[at] = items[at - 1];
            at--;
        }
        items[at] = c;
    }
};

class GuidedFill {
  public:
    /// Works in `out` (the picture is copied there first, unless it is there already).
    GuidedFill(const float *rgb, const float *guide, const uint8_t *hole, const float *darkLines,
               const float *brightLines, const int32_t *hints, int w, int h, const snappost_fill_params &p, float *out)
        : w(w), h(h), p(p), guide(guide), hints(hints), image(out), state((size_t)w * h) {
        if (rgb != out) std::memcpy(out, rgb, (size_t)w * h * 3 * sizeof(float));
        for (size_t i = 0; i < state.size(); i++) state[i] = hole[i] == 0 ? known : hole[i] == 1 ? unknown : outside;
        computeDepth();
        computeShapes();
        computeIntegral();
        computeSources();
        computeBoxes();
        // Line response each pixel carries: the guide's (the picture without what is being removed), then the
        // copied sources' once filled, so a line may only continue one that reaches the target.
        for (int k = 0; k < 2; k++) {
            const float *in = k == 0 ? darkLines : brightLines;
            measured[k] = in;
            carried[k].assign(in, in + (size_t)w * h);
            blockLines[k] = maxFilter(in, p.fillRadius);
        }
        origin.assign((size_t)w * h, -1);
        tried.assign((size_t)w * h, 0);
    }

    void run() {
        confidence.assign((size_t)w * h, 0.f);
        stamp.assign((size_t)w * h, 0);
        for (size_t i = 0; i < state.size(); i++) confidence[i] = state[i] == known ? 1.f : 0.f;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) push(x, y);
        while (!queue.empty()) {
            const Entry e = queue.top();
            queue.pop();
            if (state[e.index] != unknown || e.stamp != stamp[e.index]) continue;
            const int tx = e.index % w, ty = e.index / w;
            fillAround(tx, ty);
            // A front pixel's priority reads its window and one pixel beyond, so only pixels that close to the
            // filled block (fillRadius around the target) can have changed.
            const int reach = p.fillRadius + priorityRadius + 1;
            for (int y = std::max(0, ty - reach); y <= std::min(h - 1, ty + reach); y++)
                for (int x = std::max(0, tx - reach); x <= std::min(w - 1, tx + reach); x++) push(x, y);
        }
    }

    /// Finishes `out` (see the constructor).
    void write(int32_t *origins) const {
        // Another tile's hole still shows what is being removed: a finer level must see the guide there, not that.
        for (size_t i = 0; i < state.size(); i++)
            if (state[i] == outside) std::copy(guide + i * 3, guide + i * 3 + 3, image + i * 3);
        if (origins) std::copy(origin.begin(), origin.end(), origins);
    }

  private:
    /// Patch geometry of one connected hole: wider holes need more context to place a patch.
    struct Shape {
        int radius;
        int bestCount;
        float sigma;
        int cell;  ///< side of the cells of the 3×3 summary that ranks candidates cheaply
        int box;   ///< index into `boxes` of the picture box-filtered at `cell`
        float weights[2 * maxRadius + 1][2 * maxRadius + 1];
    };

    int w, h;
    snappost_fill_params p;
    const float *guide;
    const int32_t *hints;
    float *image;
    std::vector<uint8_t> state;
    std::vector<float> depth;
    std::vector<int> integral;
    /// Summed over the picture: the positions that are a source for the smallest patch any shape uses. A window
    /// with none holds no source for any shape, so its search is skipped (a hole covering nearly everything).
    std::vector<int> sourceIntegral;
    std::vector<Shape> shapes;
    std::vector<uint16_t> shapeOf;
    /// Per polarity (0 dark, 1 bright): measured on the guide, max over a fill block, carried into filled pixels.
    const float *measured[2];
    std::vector<float> blockLines[2], carried[2];
    /// Where each filled pixel's best patch came from (index of the source pixel), for coherent candidates.
    std::vector<int> origin;
    std::vector<float> confidence;
    std::vector<uint32_t> stamp;
    /// Per source position, the search that last costed it: neighbours' origins propose the same source many times,
    /// and one already costed in this search is either in the list or was beaten (the list's limit only falls).
    std::vector<uint32_t> tried;
    uint32_t searchStamp = 0;
    std::priority_queue<Entry> queue;
    float target[(2 * maxRadius + 1) * (2 * maxRadius + 1) * 3];
    float summary[27], summaryWeight[27];
    std::vector<std::vector<float>> boxes;
    std::vector<int> boxCells;
    float weight[(2 * maxRadius + 1) * (2 * maxRadius + 1) * 3];

    const Shape &shapeAt(size_t i) const { return shapes[shapeOf[i]]; }

    /// Two-pass chamfer distance from each hole pixel to the nearest known one.
    void computeDepth() {
        const float inf = 1e9f, d1 = 1.f, d2 = 1.41421356f;
        depth.assign((size_t)w * h, 0.f);
        for (size_t i = 0; i < depth.size(); i++) depth[i] = state[i] == known ? 0.f : inf;  // outside counts as hole
        auto at = [&](int x, int y) { return (x < 0 || y < 0 || x >= w || y >= h) ? inf : depth[(size_t)y * w + x]; };
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                float &d = depth[(size_t)y * w + x];
                d = std::min({d, at(x - 1, y) + d1, at(x, y - 1) + d1, at(x - 1, y - 1) + d2, at(x + 1, y - 1) + d2});
            }
        for (int y = h - 1; y >= 0; y--)
            for (int x = w - 1; x >= 0; x--) {
                float &d = depth[(size_t)y * w + x];
                d = std::min({d, at(x + 1, y) + d1, at(x, y + 1) + d1, at(x + 1, y + 1) + d2, at(x - 1, y + 1) + d2});
            }
        for (float &d : depth)
            if (d >= inf) d = (float)(w + h);  // a hole with no known pixel at all: the guide fills it
    }

    /// Labels the hole's connected parts and gives each a patch size that grows with its half-width.
    void computeShapes() {
        shapeOf.assign((size_t)w * h, 0);
        shapes.clear();
        shapes.push_back(makeShape(p.patchSigmaMin));  // known pixels never use theirs
        std::vector<int> stack, members;
        std::vector<uint8_t> seen((size_t)w * h, 0);
        for (int start = 0; start < w * h; start++) {
            if (!hollow(start) || seen[start]) continue;
            members.clear();
            stack.push_back(start);
            seen[start] = 1;
            float deepest = 0;
            while (!stack.empty()) {
                const int i = stack.back();
                stack.pop_back();
                members.push_back(i);
                deepest = std::max(deepest, depth[i]);
                const int x = i % w, y = i / w;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        const int nx = x + dx, ny = y + dy;
                        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                        const int j = ny * w + nx;
                        if (hollow(j) && !seen[j]) { seen[j] = 1; stack.push_back(j); }
                    }
            }
            const float sigma = std::clamp(p.patchScale * std::sqrt(deepest), p.patchSigmaMin, p.patchSigmaMax);
            if (shapes.size() < 65535) shapes.push_back(makeShape(sigma));
            for (int i : members) shapeOf[i] = (uint16_t)(shapes.size() - 1);
        }
    }

    Shape makeShape(float sigma) const {
        Shape s;
        s.radius = std::clamp((int)std::ceil(1.5f * sigma), 1, maxRadius);
        s.sigma = sigma;
        s.cell = 2 * ((2 * s.radius + 1) / 6) + 1;
        s.box = -1;
        // Thin holes are best guessed by the mean of many close matches; wide ones keep texture with few.
        const float q = p.patchSigmaMin / sigma;
        s.bestCount = std::clamp((int)std::lround(p.bestCount * q * q), std::min(p.bestCount, p.bestCountMin), p.bestCount);
        for (int dy = -s.radius; dy <= s.radius; dy++)
            for (int dx = -s.radius; dx <= s.radius; dx++)
                s.weights[dy + s.radius][dx + s.radius] = std::exp(-(float)(dx * dx + dy * dy) / (2 * sigma * sigma));
        return s;
    }

    /// The picture (guide where unknown) box-filtered once per cell size the shapes use.
    void computeBoxes() {
        for (Shape &shape : shapes) {
            auto found = std::find(boxCells.begin(), boxCells.end(), shape.cell);
            if (found != boxCells.end()) { shape.box = (int)(found - boxCells.begin()); continue; }
            shape.box = (int)boxes.size();
            boxCells.push_back(shape.cell);
            boxes.push_back(boxFilter(shape.cell));
        }
    }

    /// Mean over a c×c box (clipped at the borders), separable running sums.
    std::vector<float> boxFilter(int c) const {
        const int half = c / 2;
        std::vector<float> rows((size_t)w * h * 3), out((size_t)w * h * 3);
        auto value = [&](size_t i, int k) { return hollow(i) ? guide[i * 3 + k] : image[i * 3 + k]; };
        for (int y = 0; y < h; y++)
            for (int k = 0; k < 3; k++) {
                float sum = 0;
                for (int j = 0; j <= std::min(w - 1, half); j++) sum += value((size_t)y * w + j, k);
                for (int x = 0; x < w; x++) {
                    const int lo = std::max(0, x - half), hi = std::min(w - 1, x + half);
                    rows[((size_t)y * w + x) * 3 + k] = sum / (float)(hi - lo + 1);
                    if (x + half + 1 < w) sum += value((size_t)y * w + x + half + 1, k);
                    if (x - half >= 0) sum -= value((size_t)y * w + x - half, k);
                }
            }
        for (int x = 0; x < w; x++)
            for (int k = 0; k < 3; k++) {
                float sum = 0;
                for (int j = 0; j <= std::min(h - 1, half); j++) sum += rows[((size_t)j * w + x) * 3 + k];
                for (int y = 0; y < h; y++) {
                    const int lo = std::max(0, y - half), hi = std::min(h - 1, y + half);
                    out[((size_t)y * w + x) * 3 + k] = sum / (float)(hi - lo + 1);
                    if (y + half + 1 < h) sum += rows[((size_t)(y + half + 1) * w + x) * 3 + k];
                    if (y - half >= 0) sum -= rows[((size_t)(y - half) * w + x) * 3 + k];
                }
            }
        return out;
    }

    /// Summed-area table, (w + 1) × (h + 1), of the pixels `marked` picks.
    template <typename Marked> std::vector<int> summed(Marked marked) const {
        std::vector<int> sums((size_t)(w + 1) * (h + 1), 0);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                sums[(size_t)(y + 1) * (w + 1) + x + 1] = (marked(x, y) ? 1 : 0) + sums[(size_t)y * (w + 1) + x + 1] +
                    sums[(size_t)(y + 1) * (w + 1) + x] - sums[(size_t)y * (w + 1) + x];
        return sums;
    }

    /// The count `sums` holds over columns x0..<x1 and rows y0..<y1.
    int boxSum(const std::vector<int> &sums, int x0, int y0, int x1, int y1) const {
        return sums[(size_t)y1 * (w + 1) + x1] - sums[(size_t)y0 * (w + 1) + x1] - sums[(size_t)y1 * (w + 1) + x0] +
            sums[(size_t)y0 * (w + 1) + x0];
    }

    void computeIntegral() {
        integral = summed([&](int x, int y) { return state[(size_t)y * w + x] != known; });
    }

    void computeSources() {
        int r = maxRadius;
        for (size_t k = 1; k < shapes.size(); k++) r = std::min(r, shapes[k].radius);
        sourceIntegral = summed([&](int x, int y) { return isSource(x, y, r); });
    }

    /// Whether any position within `radius` of the target is a source for the smallest patch.
    bool anySource(int tx, int ty, int radius) const {
        const int x0 = std::max(0, tx - radius), y0 = std::max(0, ty - radius);
        const int x1 = std::min(w, tx + radius + 1), y1 = std::min(h, ty + radius + 1);
        return x0 < x1 && y0 < y1 && boxSum(sourceIntegral, x0, y0, x1, y1) > 0;
    }

    /// A source is a centre whose whole patch lies inside the picture on originally known pixels.
    bool isSource(int x, int y, int r) const {
        if (x < r || y < r || x >= w - r || y >= h - r) return false;
        return boxSum(integral, x - r, y - r, x + r + 1, y + r + 1) == 0;
    }

    /// Square max filter of radius r, separable.
    std::vector<float> maxFilter(const float *in, int r) const {
        std::vector<float> rows((size_t)w * h), out((size_t)w * h);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                float m = 0;
                for (int k = std::max(0, x - r); k <= std::min(w - 1, x + r); k++) m = std::max(m, in[(size_t)y * w + k]);
                rows[(size_t)y * w + x] = m;
            }
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                float m = 0;
                for (int k = std::max(0, y - r); k <= std::min(h - 1, y + r); k++) m = std::max(m, rows[(size_t)k * w + x]);
                out[(size_t)y * w + x] = m;
            }
        return out;
    }

    bool isFront(int x, int y) const {
        if (state[(size_t)y * w + x] != unknown) return false;
        return have(x + 1, y) || have(x - 1, y) || have(x, y + 1) || have(x, y - 1);
    }

    bool hollow(size_t i) const { return state[i] == unknown || state[i] == outside; }

    bool have(int x, int y) const { return x >= 0 && y >= 0 && x < w && y < h && !hollow((size_t)y * w + x); }

    float luma(size_t i) const { return 0.299f * image[i * 3] + 0.587f * image[i * 3 + 1] + 0.114f * image[i * 3 + 2]; }

    /// Criminisi's order: confidence of the patch times the strength of the isophotes that hit the front
    /// head-on, so lines that enter the hole are carried in before the flat surroundings close over them.
    float priority(int tx, int ty) const {
        // A 7×7 window orders the front as well as the whole patch does, at a fraction of the cost for wide holes.
        const int r = std::min(shapeAt((size_t)ty * w + tx).radius, priorityRadius);
        float conf = 0, bestGrad = 0, gx = 0, gy = 0;
        int count = 0;
        for (int y = std::max(0, ty - r); y <= std::min(h - 1, ty + r); y++)
            for (int x = std::max(0, tx - r); x <= std::min(w - 1, tx + r); x++) {
                count++;
                const size_t i = (size_t)y * w + x;
                if (hollow(i)) continue;
                conf += confidence[i];
                if (have(x - 1, y) && have(x + 1, y) && have(x, y - 1) && have(x, y + 1)) {
                    const float ix = 0.5f * (luma(i + 1) - luma(i - 1)), iy = 0.5f * (luma(i + w) - luma(i - w));
                    const float m = ix * ix + iy * iy;
                    if (m > bestGrad) { bestGrad = m; gx = ix; gy = iy; }
                }
            }
        conf /= (float)std::max(count, 1);
        // Front normal: towards the unknown pixels around the target.
        float nx = 0, ny = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if (!have(tx + dx, ty + dy)) { nx += (float)dx; ny += (float)dy; }
        const float nl = std::sqrt(nx * nx + ny * ny);
        const float data = nl > 0 ? std::fabs(-gy * nx + gx * ny) / (nl * 255.f) : 0.f;
        return conf * (data + p.dataFloor);
    }

    void push(int x, int y) {
        if (!isFront(x, y)) return;
        const size_t i = (size_t)y * w + x;
        queue.push({priority(x, y), (int)i, ++stamp[i]});
    }

    float guideWeightAt(float d) const {
        const float fall = std::exp(-(d - 1.f) / std::max(p.guideFalloff, 1e-3f));
        return p.guideWeight * std::max(p.guideFloor, std::min(1.f, fall));
    }

    /// Target vector and weights of the patch centred on (tx, ty): known and filled pixels as they are,
    /// unknown ones from the guide with a weight that falls with depth; outside the picture weighs nothing.
    void buildTarget(int tx, int ty, const Shape &shape) {
        const int r = shape.radius, side = 2 * r + 1;
        for (int dy = -r; dy <= r; dy++)
            for (int dx = -r; dx <= r; dx++) {
                const int x = tx + dx, y = ty + dy;
                const size_t o = ((size_t)(dy + r) * side + (dx + r)) * 3;
                float wt = 0, c[3] = {0, 0, 0};
                if (x >= 0 && y >= 0 && x < w && y < h) {
                    const size_t i = (size_t)y * w + x;
                    const float *src = hollow(i) ? guide + i * 3 : image + i * 3;
                    // Where a coarser level solved the pixel its guide is trusted at any depth.
                    const float g = hints && hints[i] >= 0 ? p.hintedGuideWeight : guideWeightAt(depth[i]);
                    wt = (hollow(i) ? g : 1.f) * shape.weights[dy + r][dx + r];
                    c[0] = src[0]; c[1] = src[1]; c[2] = src[2];
                }
                for (int k = 0; k < 3; k++) { target[o + k] = c[k]; weight[o + k] = wt; }
            }
    }

    /// Weighted SSD against the source centred on (sx, sy); stops early once it exceeds `limit`.
    float cost(int sx, int sy, int r, float limit) const {
        const int side = 2 * r + 1, row = side * 3;
        float total = 0;
        for (int dy = 0; dy < side; dy++) {
            const float *s = image + ((size_t)(sy - r + dy) * w + (sx - r)) * 3;
            const float *t = target + (size_t)dy * row, *wt = weight + (size_t)dy * row;
            // Four running sums let the compiler keep them in one vector register.
            float acc[4] = {0, 0, 0, 0};
            int k = 0;
            for (; k + 4 <= row; k += 4)
                for (int j = 0; j < 4; j++) {
                    const float d = t[k + j] - s[k + j];
                    acc[j] += wt[k + j] * d * d;
                }
            for (; k < row; k++) {
                const float d = t[k] - s[k];
                acc[0] += wt[k] * d * d;
            }
            total += (acc[0] + acc[1]) + (acc[2] + acc[3]);
            if (total > limit) return total;
        }
        return total;
    }

    bool admissible(int x, int y, int r, int tx, int ty, int radius, const float allowed[2]) const {
        if (std::abs(x - tx) > radius || std::abs(y - ty) > radius || !isSource(x, y, r)) return false;
        const size_t i = (size_t)y * w + x;
        return blockLines[0][i] <= allowed[0] && blockLines[1][i] <= allowed[1];
    }

    void consider(BestList &list, int x, int y, int r, int tx, int ty, int radius, const float allowed[2]) {
        if (!admissible(x, y, r, tx, ty, radius, allowed)) return;
        uint32_t &seen = tried[(size_t)y * w + x];
        if (seen == searchStamp) return;
        seen = searchStamp;
        const float limit = list.limit();
        const float c = cost(x, y, r, limit);
        if (c < limit) list.offer({c, x, y});
    }

    /// The target summarised as 3×3 cells of the shape's cell size (mean colour and mean weight per cell).
    void buildSummary(int tx, int ty, const Shape &shape) {
        const int c = shape.cell, half = c / 2;
        for (int cy = 0; cy < 3; cy++)
            for (int cx = 0; cx < 3; cx++) {
                const int ox = (cx - 1) * c, oy = (cy - 1) * c;
                float sum[3] = {0, 0, 0}, wsum = 0;
                for (int y = ty + oy - half; y <= ty + oy + half; y++)
                    for (int x = tx + ox - half; x <= tx + ox + half; x++) {
                        if (x < 0 || y < 0 || x >= w || y >= h) continue;
                        const size_t i = (size_t)y * w + x;
                        const bool hole = hollow(i);
                        const float wt = hole ? (hints && hints[i] >= 0 ? p.hintedGuideWeight : guideWeightAt(depth[i])) : 1.f;
                        const float *v = hole ? guide + i * 3 : image + i * 3;
                        for (int k = 0; k < 3; k++) sum[k] += wt * v[k];
                        wsum += wt;
                    }
                const int n = (cy * 3 + cx) * 3;
                const float spatial = std::exp(-(float)(ox * ox + oy * oy) / (2 * shape.sigma * shape.sigma));
                for (int k = 0; k < 3; k++) {
                    summary[n + k] = wsum > 0 ? sum[k] / wsum : 0.f;
                    summaryWeight[n + k] = wsum / (float)(c * c) * spatial;
                }
            }
    }

    float summaryCost(int sx, int sy, const Shape &shape, float limit) const {
        const std::vector<float> &box = boxes[shape.box];
        const int c = shape.cell;
        float total = 0;
        for (int cy = 0; cy < 3; cy++) {
            for (int cx = 0; cx < 3; cx++) {
                const size_t i = ((size_t)(sy + (cy - 1) * c) * w + (sx + (cx - 1) * c)) * 3;
                const int n = (cy * 3 + cx) * 3;
                for (int k = 0; k < 3; k++) {
                    const float d = summary[n + k] - box[i + k];
                    total += summaryWeight[n + k] * d * d;
                }
            }
            if (total > limit) return total;
        }
        return total;
    }

    /// Candidates: the coarser level's choice when given and the sources that neighbouring filled pixels came
    /// from (shifted to this target); then a grid over the window, ranked first by the 3×3 cell summary and
    /// only the best of those by the full patch; finally every position next to the best few.
    void search(int tx, int ty, const Shape &shape, int radius, const float allowed[2], BestList &best) {
        const int r = shape.radius, stride = std::max(1, p.coarseStride);
        best.count = 0;
        best.capacity = std::clamp(shape.bestCount, 4, maxBest);
        // Every candidate below must be a source within the window: with none there, nothing is found.
        if (!anySource(tx, ty, radius)) return;
        if (++searchStamp == 0) {  // wrapped: forget every mark
            std::fill(tried.begin(), tried.end(), 0u);
            searchStamp = 1;
        }
        const int hint = hints ? hints[(size_t)ty * w + tx] : -1;
        if (hint >= 0) consider(best, hint % w, hint / w, r, tx, ty, radius, allowed);
        for (int y = std::max(0, ty - r); y <= std::min(h - 1, ty + r); y++)
            for (int x = std::max(0, tx - r); x <= std::min(w - 1, tx + r); x++) {
                const int o = origin[(size_t)y * w + x];
                if (o >= 0) consider(best, o % w + (tx - x), o / w + (ty - y), r, tx, ty, radius, allowed);
            }
        if (hint < 0 || best.count == 0) {
            // The cell summary reaches 1.5 cells from the centre: keep it inside the picture.
            const int reach = std::max(r, shape.cell + shape.cell / 2);
            BestList rough;
            rough.capacity = std::clamp(p.prefilterCount, 1, maxBest * 2);
            buildSummary(tx, ty, shape);
            for (int y = std::max(reach, ty - radius); y <= std::min(h - 1 - reach, ty + radius); y += stride)
                for (int x = std::max(reach, tx - radius); x <= std::min(w - 1 - reach, tx + radius); x += stride) {
                    if (!admissible(x, y, r, tx, ty, radius, allowed)) continue;
                    const float limit = rough.limit();
                    const float c = summaryCost(x, y, shape, limit);
                    if (c < limit) rough.offer({c, x, y});
                }
            for (int n = 0; n < rough.count; n++) consider(best, rough.items[n].x, rough.items[n].y, r, tx, ty, radius, allowed);
        }
        Candidate seeds[4];
        const int seedCount = std::min(best.count, 4);
        std::copy(best.items, best.items + seedCount, seeds);
        for (int n = 0; n < seedCount; n++)
            for (int y = seeds[n].y - stride + 1; y <= seeds[n].y + stride - 1; y++)
                for (int x = seeds[n].x - stride + 1; x <= seeds[n].x + stride - 1; x++) consider(best, x, y, r, tx, ty, radius, allowed);
        best.count = std::min(best.count, std::clamp(shape.bestCount, 1, maxBest));
    }

    void fillAround(int tx, int ty) {
        const size_t ti = (size_t)ty * w + tx;
        const Shape &shape = shapeAt(ti);
        const int r = shape.radius;
        buildTarget(tx, ty, shape);
        float conf = 0;
        int count = 0;
        // The guard: a source may not bring a line much stronger than any the target's patch already shows.
        float allowed[2] = {0, 0};
        for (int y = std::max(0, ty - r); y <= std::min(h - 1, ty + r); y++)
            for (int x = std::max(0, tx - r); x <= std::min(w - 1, tx + r); x++) {
                const size_t i = (size_t)y * w + x;
                conf += confidence[i];
                count++;
                for (int k = 0; k < 2; k++) allowed[k] = std::max(allowed[k], carried[k][i]);
            }
        conf /= (float)std::max(count, 1);
        for (int k = 0; k < 2; k++) allowed[k] = std::max(p.guardRatio * allowed[k], p.guardFloor);

        BestList best;
        // Where a coarser level solved this crop, its wide search already placed the structure: here the window
        // only needs to reach past the hole's edge.
        int radius = (hints ? p.searchRadius / 2 : p.searchRadius) + (int)std::ceil(depth[ti]) + r;
        search(tx, ty, shape, radius, allowed, best);
        // A hole wider than the window: look further before leaving it to the guide.
        for (int tries = 0; best.count == 0 && tries < 3; tries++) {
            radius *= 2;
            search(tx, ty, shape, radius, allowed, best);
        }
        // The k best vote by how close they come to the best one.
        float share[maxBest];
        for (int n = 0; n < best.count; n++)
            share[n] = p.averageSpread > 0
                ? std::exp(-(best.items[n].cost - best.items[0].cost) / (p.averageSpread * std::max(best.items[0].cost, 1e-3f)))
                : 1.f;
        const int f = p.fillRadius;
        for (int dy = -f; dy <= f; dy++)
            for (int dx = -f; dx <= f; dx++) {
                const int x = tx + dx, y = ty + dy;
                if (x < 0 || y < 0 || x >= w || y >= h) continue;
                const size_t i = (size_t)y * w + x;
                if (state[i] != unknown) continue;
                float c[3] = {0, 0, 0}, line[2] = {0, 0};
                if (best.count == 0) {
                    for (int k = 0; k < 3; k++) c[k] = guide[i * 3 + k];
                    for (int k = 0; k < 2; k++) line[k] = measured[k][i];
                } else {
                    float total = 0;
                    for (int n = 0; n < best.count; n++) {
                        const size_t j = (size_t)(best.items[n].y + dy) * w + (best.items[n].x + dx);
                        for (int k = 0; k < 3; k++) c[k] += share[n] * image[j * 3 + k];
                        for (int k = 0; k < 2; k++) line[k] += share[n] * measured[k][j];
                        total += share[n];
                    }
                    for (int k = 0; k < 3; k++) c[k] /= total;
                    for (int k = 0; k < 2; k++) line[k] /= total;
                    origin[i] = (best.items[0].y + dy) * w + (best.items[0].x + dx);
                }
                for (int k = 0; k < 3; k++) image[i * 3 + k] = c[k];
                for (int k = 0; k < 2; k++) carried[k][i] = line[k];
                state[i] = filled;
                confidence[i] = conf;
            }
    }
};

bool validParams(const snappost_fill_params *p) {
    return p && p->fillRadius >= 0 && p->fillRadius <= 4 && p->searchRadius >= 1 && p->searchRadius <= 512 &&
        p->coarseStride >= 1 && p->coarseStride <= 8 && p->bestCount >= 1 && p->bestCount <= maxBest &&
        p->patchSigmaMin > 0.3f && p->patchSigmaMax >= p->patchSigmaMin && p->patchSigmaMax <= maxRadius / 1.5f;
}

}  // namespace

extern "C" int snappost_retouch_guided_fill(const float *rgb, const float *guide, const uint8_t *hole,
                                            const float *darkLines, const float *brightLines, const int32_t *hints,
                                            int w, int h, const snappost_fill_params *params, float *out,
                                            int32_t *origins) {
    if (!rgb || !guide || !hole || !darkLines || !brightLines || !out || w <= 0 || h <= 0 ||
        (int64_t)w * h > (int64_t)1 << 26 || !validParams(params))
        return -1;
    try {
        GuidedFill fill(rgb, guide, hole, darkLines, brightLines, hints, w, h, *params, out);
        fill.run();
        fill.write(origins);
        return 0;
    } catch (const std::bad_alloc &) {
        return -2;
    }
}
