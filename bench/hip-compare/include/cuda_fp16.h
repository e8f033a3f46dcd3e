/// \file
/// cuda_fp16.h for HIP compiles of the corpus (bench/hip-compare).
#pragma once
#include <hip/hip_fp16.h>
