// libheif: decodes HEIC/HEIF photos from iPhones.
#include <libheif/heif.h>
