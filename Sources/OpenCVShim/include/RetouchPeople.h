// The retouch tool's people detectors: OpenCV's classical ones (HOG and Haar cascades), no trained network.
#ifndef SNAPPOST_RETOUCH_PEOPLE_H
#define SNAPPOST_RETOUCH_PEOPLE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What found a person (see snappost_retouch_people).
enum {
    SNAPPOST_PERSON_HOG = 0,        ///< HOG + linear SVM full-body detector (the whole standing person)
    SNAPPOST_PERSON_FULL_BODY = 1,  ///< Haar cascade, full body
    SNAPPOST_PERSON_UPPER_BODY = 2, ///< Haar cascade, head and shoulders
    SNAPPOST_PERSON_FACE = 3,       ///< Haar cascade, frontal face
    SNAPPOST_PERSON_PROFILE = 4     ///< Haar cascade, face in profile (facing left; the image is also searched mirrored)
};

/// One detection in the picture's pixels, with the detector's own score (HOG: SVM margin; cascades: the number of
/// neighbouring windows that agreed).
typedef struct {
    int32_t x, y, width, height;
    int32_t kind;
    float score;
} snappost_person_box;

/// Runs the people detectors on a grey picture (w×h). `cascadeDir` is the folder of OpenCV's Haar cascades (Debian's
/// opencv-data puts them in /usr/share/opencv4/haarcascades); a cascade file that is missing is skipped, and a NULL
/// folder runs the HOG detector alone. `minSize` is the smallest face, in pixels, worth reporting. `stages` chooses
/// the detectors: 1 = the quick ones (HOG, frontal faces), 2 = the slower ones (faces in profile both ways, upper and
/// full body cascades), 3 = all. Up to `capacity` boxes go to `boxes`; `*count` gets how many were found (more than
/// `capacity` means some were dropped). Returns 0, or a negative value on bad arguments or when OpenCV throws.
int snappost_retouch_people(const uint8_t *gray, int w, int h, const char *cascadeDir, int minSize, int stages,
                            snappost_person_box *boxes, int capacity, int *count);

#ifdef __cplusplus
}
#endif

#endif
