// The retouch tool's OpenCV calls: Telea, Gaussian derivative filters for the line response, grab-cut.
#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/photo.hpp>
#include "RetouchOps.h"

namespace {

bool validSize(int w, int h) { return w > 0 && h > 0 && (int64_t)w * h <= (int64_t)1 << 30; }

/// Runs `body`, turning any exception (cv::Exception, std::bad_alloc) into -2.
template <typename Body> int guarded(Body body) {
    try {
        return body();
    } catch (...) {
        return -2;
    }
}

}  // namespace

extern "C" int snappost_retouch_telea(const uint8_t *rgb, const uint8_t *mask, int w, int h, double radius, uint8_t *out) {
    if (!rgb || !mask || !out || !validSize(w, h)) return -1;
    return guarded([&] {
        cv::Mat src(h, w, CV_8UC3, const_cast<uint8_t *>(rgb));
        cv::Mat holes(h, w, CV_8UC1, const_cast<uint8_t *>(mask));
        cv::Mat result;
        cv::inpaint(src, holes, result, radius, cv::INPAINT_TELEA);
        std::copy(result.data, result.data + (size_t)w * h * 3, out);
        return 0;
    });
}

extern "C" int snappost_retouch_ridges(const uint8_t *gray, int w, int h, const float *sigmas, int sigmaCount,
                                       float *darkStrength, float *brightStrength, float *normalX, float *normalY,
                                       float *bestSigma) {
    if (!gray || !sigmas || sigmaCount <= 0 || !darkStrength || !brightStrength || !validSize(w, h)) return -1;
    return guarded([&] {
        cv::Mat src(h, w, CV_8UC1, const_cast<uint8_t *>(gray)), image, smooth, dxx, dyy, dxy;
        src.convertTo(image, CV_32F);
        const size_t n = (size_t)w * h;
        std::fill(darkStrength, darkStrength + n, 0.f);
        std::fill(brightStrength, brightStrength + n, 0.f);
        for (int s = 0; s < sigmaCount; s++) {
            const double sigma = sigmas[s];
            cv::GaussianBlur(image, smooth, cv::Size(), sigma, sigma, cv::BORDER_REFLECT);
            // 3×3 Sobel second derivatives are 4× the true ones; σ² normalises across scales.
            cv::Sobel(smooth, dxx, CV_32F, 2, 0, 3, 1, 0, cv::BORDER_REFLECT);
            cv::Sobel(smooth, dyy, CV_32F, 0, 2, 3, 1, 0, cv::BORDER_REFLECT);
            cv::Sobel(smooth, dxy, CV_32F, 1, 1, 3, 1, 0, cv::BORDER_REFLECT);
            const float norm = (float)(sigma * sigma / 4.0);
            for (int y = 0; y < h; y++) {
                const float *a = dxx.ptr<float>(y), *c = dyy.ptr<float>(y), *b = dxy.ptr<float>(y);
                for (int x = 0; x < w; x++) {
                    const size_t i = (size_t)y * w + x;
                    const float half = 0.5f * (a[x] - c[x]);
                    const float root = std::sqrt(half * half + b[x] * b[x]);
                    const float mean = 0.5f * (a[x] + c[x]);
                    const float high = (mean + root) * norm, low = (mean - root) * norm;
                    // A dark line curves up across it (high > 0) and stays flat along it (low ≈ 0).
                    const float dark = std::max(0.f, high - std::fabs(low));
                    const float bright = std::max(0.f, -low - std::fabs(high));
                    const bool wins = std::max(dark, bright) > std::max(darkStrength[i], brightStrength[i]);
                    if (wins) {
                        // Normal = eigenvector of the eigenvalue with the larger magnitude.
                        const float lambda = dark >= bright ? high / norm : low / norm;
                        float vx = b[x], vy = lambda - a[x];
                        if (std::fabs(vx) + std::fabs(vy) < 1e-12f) { vx = lambda - c[x]; vy = b[x]; }
                        if (std::fabs(vx) + std::fabs(vy) < 1e-12f) { vx = 1; vy = 0; }
                        const float len = std::sqrt(vx * vx + vy * vy);
                        if (normalX) normalX[i] = vx / len;
                        if (normalY) normalY[i] = vy / len;
                        if (bestSigma) bestSigma[i] = (float)sigma;
                    }
                    darkStrength[i] = std::max(darkStrength[i], dark);
                    brightStrength[i] = std::max(brightStrength[i], bright);
                }
            }
        }
        return 0;
    });
}

extern "C" int snappost_retouch_grabcut(const uint8_t *rgb, int w, int h, int rx, int ry, int rw, int rh,
                                        const uint8_t *hint, int iterations, uint8_t *out) {
    if (!rgb || !out || !validSize(w, h) || rw < 2 || rh < 2 || rx < 0 || ry < 0 || rx + rw > w || ry + rh > h ||
        iterations < 1 || iterations > 20)
        return -1;
    return guarded([&] {
        cv::Mat src(h, w, CV_8UC3, const_cast<uint8_t *>(rgb));
        cv::Mat labels(h, w, CV_8UC1, cv::Scalar(cv::GC_BGD));
        labels(cv::Rect(rx, ry, rw, rh)).setTo(cv::GC_PR_FGD);
        if (hint) {
            for (int i = 0; i < w * h; i++) {
                if (hint[i] == 1) labels.data[i] = cv::GC_FGD;
                else if (hint[i] == 2) labels.data[i] = cv::GC_BGD;
                else if (hint[i] == 3) labels.data[i] = cv::GC_PR_BGD;
                else if (hint[i] == 4) labels.data[i] = cv::GC_PR_FGD;
            }
        }
        cv::Mat background, foreground;
        // Grab-cut starts its colour models with k-means, seeded from OpenCV's per-thread generator: a fixed seed makes
        // the same picture give the same cut whatever ran before on this thread.
        cv::theRNG().state = 0x5eed;
        // The labels already hold the rectangle and the hints.
        cv::grabCut(src, labels, cv::Rect(rx, ry, rw, rh), background, foreground, iterations, cv::GC_INIT_WITH_MASK);
        for (int i = 0; i < w * h; i++) {
            const uint8_t l = labels.data[i];
            out[i] = (l == cv::GC_FGD || l == cv::GC_PR_FGD) ? 255 : 0;
        }
        return 0;
    });
}

extern "C" int snappost_retouch_outlines(const uint8_t *mask, int w, int h, double tolerance, int32_t *points,
                                         int pointCapacity, int32_t *counts, int outlineCapacity, int *pointTotal,
                                         int *outlineTotal) {
    if (!mask || !points || !counts || !pointTotal || !outlineTotal || !validSize(w, h) || tolerance < 0) return -1;
    return guarded([&] {
        cv::Mat binary(h, w, CV_8UC1);
        for (int i = 0; i < w * h; i++) binary.data[i] = mask[i] ? 255 : 0;
        std::vector<std::vector<cv::Point>> contours, simplified;
        cv::findContours(binary, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
        int total = 0;
        for (const auto &c : contours) {
            std::vector<cv::Point> s;
            cv::approxPolyDP(c, s, tolerance, true);
            if (s.size() >= 3) { total += (int)s.size(); simplified.push_back(std::move(s)); }
        }
        *pointTotal = total;
        *outlineTotal = (int)simplified.size();
        if (total > pointCapacity || (int)simplified.size() > outlineCapacity) return -3;
        int at = 0;
        for (size_t k = 0; k < simplified.size(); k++) {
            counts[k] = (int32_t)simplified[k].size();
            for (const cv::Point &p : simplified[k]) { points[2 * at] = p.x; points[2 * at + 1] = p.y; at++; }
        }
        return 0;
    });
}
