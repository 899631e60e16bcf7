// The shim's own identity: which OpenCV it links.
#include <opencv2/core/version.hpp>
#include "OpenCVShim.h"

extern "C" const char *snappost_opencv_version(void) { return CV_VERSION; }
