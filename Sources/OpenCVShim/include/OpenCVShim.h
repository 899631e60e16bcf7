// The one C header Swift sees for OpenCV: plain C types and extern "C" functions, one header per tool.
#ifndef SNAPPOST_OPENCV_SHIM_H
#define SNAPPOST_OPENCV_SHIM_H

#include "RetouchOps.h"
#include "RetouchPeople.h"
#include "ShelfVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The OpenCV version the shim was built against, e.g. "4.6.0" (for logs and /healthz).
const char *snappost_opencv_version(void);

#ifdef __cplusplus
}
#endif

#endif
