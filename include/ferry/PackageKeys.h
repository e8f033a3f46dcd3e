/*===- ferry/PackageKeys.h - String keys of Ferry's package entries -*- C -*-===*\
|*                                                                            *|
|* Besides LLVM's "triple", "arch" and "producer", the OffloadBinary entries  *|
|* of Ferry's packages carry these string keys (the digest and the deferred   *|
|* role have headers of their own: ferry/ImageDigest.h,                       *|
|* ferry/DeferredCompile.h).                                                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_PACKAGEKEYS_H
#define FERRY_PACKAGEKEYS_H

/* A CUDA program's AMD image (ferry-nvcc): the architecture, "sm_NN", whose
   device code it was translated from, as __CUDA_ARCH__ saw it. The CUDA
   runtime reports it as the compute capability of AMD devices, so that the
   program's host code (CUB's policy choice) and its device code agree. */
#define FERRY_CUDA_ARCH_KEY "ferry-cuda-arch"

#endif
