// flite 2.2 (speech synthesis) and its US English female voice "slt".
#include <flite/flite.h>
cst_voice *register_cmu_us_slt(const char *voxdir);
