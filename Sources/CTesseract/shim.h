// The Tesseract 5 C API (images are handed over as raw grey bytes, so no Leptonica types are needed here).
#include <tesseract/capi.h>
