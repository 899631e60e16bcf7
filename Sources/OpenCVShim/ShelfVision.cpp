// Spine detection for the shelf tool: shelf rows from where long near-vertical edges are, spines between edges.
#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "ShelfVision.h"

namespace {

/// A near-vertical line in one row, written as x = mid + slope * (y - rowMid).
struct EdgeLine {
    double mid;
    double slope;
    double support;  // summed length of the segments behind it, in pixels
};

struct Segment {
    double x0, y0, x1, y1;
};

/// Rows of books: bands where near-vertical edges are dense, split at the shelf boards where they are not.
std::vector<std::pair<int, int>> findRows(const std::vector<Segment> &segments, int height, int width, double minRowFraction) {
    std::vector<double> profile(height, 0.0);
    for (const auto &s : segments) {
        int a = (int)std::floor(std::min(s.y0, s.y1)), b = (int)std::ceil(std::max(s.y0, s.y1));
        for (int y = std::max(0, a); y < std::min(height, b); y++) profile[y] += 1.0;
    }
    // Smooth over ~1.5% of the height so gaps between letters do not split a row.
    int radius = std::max(2, height / 70);
    std::vector<double> smooth(height, 0.0);
    double running = 0;
    for (int y = 0; y < height + radius; y++) {
        if (y < height) running += profile[y];
        if (y - 2 * radius - 1 >= 0) running -= profile[y - 2 * radius - 1];
        int centre = y - radius;
        if (centre >= 0 && centre < height) smooth[centre] = running / (2 * radius + 1);
    }
    double peak = *std::max_element(smooth.begin(), smooth.end());
    // Hysteresis: a row is where edges are dense, widened to where they thin out (spine tops stand at many heights).
    double high = std::max(peak * 0.3, width / 400.0), low = peak * 0.06;
    std::vector<std::pair<int, int>> rows;
    int y = 0;
    while (y < height) {
        if (smooth[y] < high) { y++; continue; }
        int a = y, b = y;
        while (a > 0 && smooth[a - 1] >= low && (rows.empty() || a - 1 >= rows.back().second)) a--;
        while (b < height && smooth[b] >= low) b++;
        if (b - a >= minRowFraction * height) {
            if (!rows.empty() && a <= rows.back().second) rows.back().second = b;
            else rows.push_back({a, b});
        }
        y = b;
    }
    // Titles often start above where the edge density picks up (short books, tops seen from above): pad upwards.
    for (size_t i = 0; i < rows.size(); i++) {
        int floor = i == 0 ? 0 : rows[i - 1].second;
        rows[i].first = std::max(floor, rows[i].first - (int)((rows[i].second - rows[i].first) * 0.15));
    }
    return rows;
}

/// How much of the line x = mid + slope·(y − rowMid) is covered by edge runs long enough to be a book's side.
/// Text turned sideways lines up its letters into long straight edges too, but broken at every letter.
double longRunCoverage(const cv::Mat &edges, int top, int bottom, double mid, double slope) {
    const double rowMid = (top + bottom) / 2.0;
    const int minRun = std::max(6, (int)((bottom - top) * 0.06)), maxGap = 2;
    double covered = 0;
    int run = 0, gap = 0;
    for (int y = top; y < bottom; y++) {
        int x = (int)std::lround(mid + slope * (y - rowMid));
        const uint8_t *e = edges.ptr<uint8_t>(y);
        bool on = false;
        for (int dx = -1; dx <= 1 && !on; dx++)
            if (x + dx >= 0 && x + dx < edges.cols && e[x + dx]) on = true;
        if (on) {
            run += 1 + gap;
            gap = 0;
        } else if (run > 0 && ++gap > maxGap) {
            if (run >= minRun) covered += run;
            run = 0;
            gap = 0;
        }
    }
    if (run >= minRun) covered += run;
    return covered;
}

/// Near-vertical edge lines crossing the row [top, bottom): a Hough vote restricted to lines that span the row,
/// so an edge broken into short pieces (gloss, dark spines) still adds up. Returns lines left to right.
std::vector<EdgeLine> edgeLines(const cv::Mat &edges, int top, int bottom, const snappost_shelf_params &p) {
    const int width = edges.cols;
    const double rowHeight = bottom - top, rowMid = (top + bottom) / 2.0;
    const double maxSlope = std::tan(p.max_tilt_degrees * CV_PI / 180);
    // Slope steps of about one pixel over the row's half height.
    const int steps = std::max(1, (int)std::ceil(maxSlope * rowHeight / 2 / 1.5));
    const int slopes = 2 * steps + 1;
    std::vector<float> votes((size_t)slopes * width, 0.f);
    for (int y = top; y < bottom; y++) {
        const uint8_t *e = edges.ptr<uint8_t>(y);
        double dy = y - rowMid;
        for (int x = 0; x < width; x++) {
            if (!e[x]) continue;
            for (int k = 0; k < slopes; k++) {
                double slope = maxSlope * (k - steps) / steps;
                int xm = (int)std::lround(x - slope * dy);
                if (xm >= 0 && xm < width) votes[(size_t)k * width + xm] += 1.f;
            }
        }
    }
    // Edges are a pixel or two wide: pool neighbouring columns.
    std::vector<float> pooled(votes.size(), 0.f);
    for (int k = 0; k < slopes; k++)
        for (int x = 0; x < width; x++) {
            float sum = 0;
            for (int d = -1; d <= 1; d++)
                if (x + d >= 0 && x + d < width) sum += votes[(size_t)k * width + x + d];
            pooled[(size_t)k * width + x] = sum;
        }
    struct Candidate { double mid, slope; float votes; };
    std::vector<Candidate> candidates;
    const float needed = (float)(p.min_edge_coverage * rowHeight);
    for (int k = 0; k < slopes; k++)
        for (int x = 1; x + 1 < width; x++) {
            float v = pooled[(size_t)k * width + x];
            if (v < needed) continue;
            // Local maximum over neighbouring slopes and columns.
            bool peak = true;
            for (int dk = -1; dk <= 1 && peak; dk++)
                for (int dx = -2; dx <= 2; dx++) {
                    int kk = k + dk, xx = x + dx;
                    if ((dk || dx) && kk >= 0 && kk < slopes && xx >= 0 && xx < width && pooled[(size_t)kk * width + xx] > v) { peak = false; break; }
                }
            if (peak) candidates.push_back({(double)x, maxSlope * (k - steps) / steps, v});
        }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) { return a.votes > b.votes; });
    // Strongest first; a line is kept only if it stays a thin spine's width away from every kept line along the row.
    const double minGap = std::max(3.0, p.min_spine_width * rowHeight), half = rowHeight / 2;
    std::vector<EdgeLine> kept;
    for (const auto &c : candidates) {
        double top0 = c.mid - c.slope * half, bottom0 = c.mid + c.slope * half;
        bool clear = true;
        for (const auto &l : kept) {
            double top1 = l.mid - l.slope * half, bottom1 = l.mid + l.slope * half;
            double dTop = top0 - top1, dBottom = bottom0 - bottom1;
            if (std::fabs(dTop) < minGap || std::fabs(dBottom) < minGap || (dTop > 0) != (dBottom > 0)) { clear = false; break; }
        }
        if (clear && longRunCoverage(edges, top, bottom, c.mid, c.slope) >= needed) kept.push_back({c.mid, c.slope, c.votes});
    }
    std::sort(kept.begin(), kept.end(), [](const EdgeLine &a, const EdgeLine &b) { return a.mid < b.mid; });
    return kept;
}

}  // namespace

extern "C" void snappost_shelf_default_params(snappost_shelf_params *p) {
    p->working_long_side = 1400;
    p->canny_low = 40;
    p->canny_high = 120;
    p->max_tilt_degrees = 25;
    p->min_edge_coverage = 0.3;
    p->min_spine_width = 0.04;
    p->min_row_height = 0.12;
}

extern "C" int32_t snappost_shelf_find_spines(const uint8_t *gray, int32_t width, int32_t height, const snappost_shelf_params *params,
                                              snappost_spine *out, int32_t capacity) {
    if (!gray || !params || width < 16 || height < 16) return -1;
    try {
        const snappost_shelf_params &p = *params;
        cv::Mat full(height, width, CV_8UC1, const_cast<uint8_t *>(gray));
        double scale = std::min(1.0, (double)p.working_long_side / std::max(width, height));
        cv::Mat small;
        if (scale < 1.0)
            cv::resize(full, small, cv::Size(), scale, scale, cv::INTER_AREA);
        else
            small = full;
        cv::Mat blurred, edges;
        cv::GaussianBlur(small, blurred, cv::Size(3, 3), 0);
        cv::Canny(blurred, edges, p.canny_low, p.canny_high);

        // Keep only edge pixels whose gradient is mostly horizontal (they belong to near-vertical lines).
        cv::Mat gx, gy;
        cv::Sobel(blurred, gx, CV_32F, 1, 0);
        cv::Sobel(blurred, gy, CV_32F, 0, 1);
        double tanTilt = std::tan((p.max_tilt_degrees + 5) * CV_PI / 180);
        for (int y = 0; y < edges.rows; y++) {
            uint8_t *e = edges.ptr<uint8_t>(y);
            const float *a = gx.ptr<float>(y), *b = gy.ptr<float>(y);
            for (int x = 0; x < edges.cols; x++)
                if (e[x] && std::fabs(b[x]) > std::fabs(a[x]) * tanTilt) e[x] = 0;
        }

        std::vector<cv::Vec4i> found;
        int minLength = std::max(8, (int)(small.rows * 0.03));
        cv::HoughLinesP(edges, found, 1, CV_PI / 180, minLength, minLength, 3);
        double maxTilt = std::tan(p.max_tilt_degrees * CV_PI / 180);
        std::vector<Segment> segments;
        for (const auto &l : found) {
            double dx = l[2] - l[0], dy = l[3] - l[1];
            if (std::fabs(dy) < 1 || std::fabs(dx / dy) > maxTilt) continue;
            segments.push_back({(double)l[0], (double)l[1], (double)l[2], (double)l[3]});
        }

        auto rows = findRows(segments, small.rows, small.cols, p.min_row_height);
        int32_t count = 0;
        for (size_t r = 0; r < rows.size(); r++) {
            int top = rows[r].first, bottom = rows[r].second;
            double rowMid = (top + bottom) / 2.0;
            auto lines = edgeLines(edges, top, bottom, p);
            // The row's outer borders count as edges too, so the first and last spines are not lost.
            std::vector<EdgeLine> all;
            all.push_back({0, 0, 0});
            for (const auto &l : lines)
                if (l.mid > 2 && l.mid < small.cols - 3) all.push_back(l);
            all.push_back({(double)small.cols - 1, 0, 0});
            for (size_t i = 0; i + 1 < all.size(); i++) {
                const EdgeLine &a = all[i], &b = all[i + 1];
                auto xAt = [&](const EdgeLine &l, double y) {
                    return std::clamp(l.mid + l.slope * (y - rowMid), 0.0, (double)small.cols - 1);
                };
                double xs[4] = {xAt(a, top), xAt(b, top), xAt(b, bottom), xAt(a, bottom)};
                double ys[4] = {(double)top, (double)top, (double)bottom, (double)bottom};
                if (xs[1] - xs[0] < 3 || xs[2] - xs[3] < 3) continue;
                if (count < capacity) {
                    snappost_spine &s = out[count];
                    for (int k = 0; k < 4; k++) {
                        s.x[k] = (float)(xs[k] / scale);
                        s.y[k] = (float)(ys[k] / scale);
                    }
                    s.row = (int32_t)r;
                }
                count++;
            }
        }
        return count;
    } catch (...) {
        return -1;
    }
}

extern "C" int32_t snappost_shelf_cut_spine(const uint8_t *gray, int32_t width, int32_t height, const snappost_spine *spine,
                                            uint8_t *out, int32_t out_width, int32_t out_height) {
    if (!gray || !spine || !out || width < 1 || height < 1 || out_width < 1 || out_height < 1) return -1;
    try {
        cv::Mat full(height, width, CV_8UC1, const_cast<uint8_t *>(gray));
        cv::Point2f from[4], to[4];
        for (int k = 0; k < 4; k++) from[k] = cv::Point2f(spine->x[k], spine->y[k]);
        to[0] = cv::Point2f(0, 0);
        to[1] = cv::Point2f((float)out_width, 0);
        to[2] = cv::Point2f((float)out_width, (float)out_height);
        to[3] = cv::Point2f(0, (float)out_height);
        cv::Mat transform = cv::getPerspectiveTransform(from, to);
        cv::Mat cut(out_height, out_width, CV_8UC1, out);
        cv::warpPerspective(full, cut, transform, cv::Size(out_width, out_height), cv::INTER_AREA, cv::BORDER_REPLICATE);
        // Spines are small, glossy and unevenly lit: equalise contrast locally, in tiles about a spine wide.
        int tilesDown = std::max(1, std::min(16, out_height / std::max(1, out_width)));
        auto clahe = cv::createCLAHE(2.0, cv::Size(1, tilesDown));
        cv::Mat boosted;
        clahe->apply(cut, boosted);
        boosted.copyTo(cut);
        return cut.data == out ? 0 : -1;
    } catch (...) {
        return -1;
    }
}
