// Leptonica (image processing; Tesseract's image library), as one system module.
#include <leptonica/allheaders.h>
