// libmagic: sniffs a file's real type from its bytes.
#include <magic.h>
