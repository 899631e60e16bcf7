// The person tool's detectors: OpenCV's HOG people detector and the Haar cascades Debian's opencv-data ships.
#include <mutex>
#include <string>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>
#include "RetouchPeople.h"

namespace {

/// The cascades, loaded once per folder; OpenCV's detectors keep scratch state, so one call runs at a time.
struct Detectors {
    std::string folder;
    cv::CascadeClassifier fullBody, upperBody, face, profile;
    cv::HOGDescriptor hog;
    bool hogReady = false;
};

std::mutex detectorsLock;
Detectors *detectors = nullptr;

Detectors &loaded(const char *folder) {
    const std::string wanted = folder ? folder : "";
    if (!detectors || detectors->folder != wanted) {
        delete detectors;
        detectors = new Detectors();
        detectors->folder = wanted;
        if (!wanted.empty()) {
            // A missing or unreadable file leaves that cascade empty, and it is skipped.
            detectors->fullBody.load(wanted + "/haarcascade_fullbody.xml");
            detectors->upperBody.load(wanted + "/haarcascade_upperbody.xml");
            detectors->face.load(wanted + "/haarcascade_frontalface_alt2.xml");
            detectors->profile.load(wanted + "/haarcascade_profileface.xml");
        }
    }
    if (!detectors->hogReady) {
        detectors->hog.setSVMDetector(cv::HOGDescriptor::getDefaultPeopleDetector());
        detectors->hogReady = true;
    }
    return *detectors;
}

void add(std::vector<snappost_person_box> &out, const cv::Rect &r, int kind, float score) {
    out.push_back(snappost_person_box{r.x, r.y, r.width, r.height, kind, score});
}

/// Cascade windows with how many neighbours agreed on each (the score).
void cascade(cv::CascadeClassifier &classifier, const cv::Mat &gray, int kind, int neighbours, cv::Size smallest,
             bool mirrored, std::vector<snappost_person_box> &out) {
    if (classifier.empty() || gray.cols < smallest.width || gray.rows < smallest.height) return;
    std::vector<cv::Rect> found;
    std::vector<int> agreed;
    classifier.detectMultiScale(gray, found, agreed, 1.1, neighbours, 0, smallest);
    for (size_t i = 0; i < found.size(); i++) {
        cv::Rect r = found[i];
        if (mirrored) r.x = gray.cols - r.x - r.width;
        add(out, r, kind, i < agreed.size() ? (float)agreed[i] : (float)neighbours);
    }
}

}  // namespace

extern "C" int snappost_retouch_people(const uint8_t *gray, int w, int h, const char *cascadeDir, int minSize, int stages,
                                       snappost_person_box *boxes, int capacity, int *count) {
    if (!gray || !count || capacity < 0 || (capacity > 0 && !boxes) || w <= 0 || h <= 0 || (int64_t)w * h > (int64_t)1 << 26 ||
        minSize < 8 || stages < 1 || stages > 3)
        return -1;
    try {
        std::lock_guard<std::mutex> guard(detectorsLock);
        Detectors &d = loaded(cascadeDir);
        cv::Mat src(h, w, CV_8UC1, const_cast<uint8_t *>(gray)), level;
        // Cascades were trained on equalised faces; HOG reads gradients and does its own normalisation.
        cv::equalizeHist(src, level);
        std::vector<snappost_person_box> found;

        const bool quick = stages & 1, slow = stages & 2;
        // HOG: a 64×128 window over the standing person; people smaller than the window are not looked for.
        if (quick && w >= 64 && h >= 128) {
            std::vector<cv::Rect> people;
            std::vector<double> weights;
            d.hog.detectMultiScale(src, people, weights, 0.0, cv::Size(8, 8), cv::Size(16, 16), 1.05, 2.0);
            for (size_t i = 0; i < people.size(); i++) {
                add(found, people[i] & cv::Rect(0, 0, w, h), SNAPPOST_PERSON_HOG, i < weights.size() ? (float)weights[i] : 0.f);
            }
        }
        const cv::Size face(minSize, minSize);
        if (quick) cascade(d.face, level, SNAPPOST_PERSON_FACE, 4, face, false, found);
        if (slow) {
            cascade(d.profile, level, SNAPPOST_PERSON_PROFILE, 4, face, false, found);
            if (!d.profile.empty()) {
                cv::Mat flipped;
                cv::flip(level, flipped, 1);
                cascade(d.profile, flipped, SNAPPOST_PERSON_PROFILE, 4, face, true, found);
            }
            // Head and shoulders about twice a face wide; a standing body about seven faces tall.
            cascade(d.upperBody, level, SNAPPOST_PERSON_UPPER_BODY, 3, cv::Size(2 * minSize, 2 * minSize), false, found);
            cascade(d.fullBody, level, SNAPPOST_PERSON_FULL_BODY, 3, cv::Size(minSize, 2 * minSize), false, found);
        }

        *count = (int)found.size();
        for (int i = 0; i < (int)found.size() && i < capacity; i++) boxes[i] = found[i];
        return 0;
    } catch (...) {
        return -2;
    }
}
