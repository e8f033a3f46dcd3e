// scale.cu again, for FindCUDA's cuda_add_executable: it marks the sources
// it compiles itself as headers for every other target of the directory.
#include "scale.cu"
