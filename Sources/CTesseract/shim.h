// Tesseract 5 C API and Leptonica, as one system module.
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
