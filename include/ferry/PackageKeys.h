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

/* Device code compiled when the program is linked (`-foffload-lto`,
   `-fplugin-arg-ferry-device-link`; ferry-link): the unit's device IR (a
   FERRY_DEFERRED_KEY entry) lists what to compile it for, */
#define FERRY_LINK_TARGETS_KEY "ferry-link-targets"   /* "gfx90a,sm_80" */
#define FERRY_LINK_CUBINS_KEY "ferry-link-cubins"     /* "sm_80,sm_90" or "" */
#define FERRY_LINK_EMBED_IR_KEY "ferry-link-embed-ir" /* "1": the translated IR too */
/* and where its regions are, for the link's messages (ferry/DeviceLink.h
   RegionSite: a line "KERNEL\tNAME\tFILE:LINE:COL" per region), */
#define FERRY_LINK_REGIONS_KEY "ferry-link-regions"
/* and each image ferry-link compiled names the digest (FERRY_DIGEST_KEY) of
   the device IR it came from, so that the runtime compiles no IR that the
   link compiled for the device. */
#define FERRY_COMPILED_FROM_KEY "ferry-compiled-from"

#endif
