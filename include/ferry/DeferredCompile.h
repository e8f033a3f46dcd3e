/*===- ferry/DeferredCompile.h - Device code compiled at first use -*- C -*-===*\
|*                                                                            *|
|* A unit compiled with `-fplugin-arg-ferry-jit` embeds its compute regions'  *|
|* device module as NVVM bitcode (an OffloadBinary bitcode entry, triple      *|
|* nvptx64-nvidia-cuda, no arch) whose FERRY_DEFERRED_KEY string says what    *|
|* it becomes, instead of (or beside) images compiled for a list of targets.  *|
|* At a program's first launch on a device with no compiled image the        *|
|* runtime (which does not link LLVM) opens libferry.so and calls            *|
|* ferry_compile_deferred for the device's processor: through the compile    *|
|* cache, so that later runs load what the first one compiled.               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_DEFERREDCOMPILE_H
#define FERRY_DEFERREDCOMPILE_H

#include <stddef.h>

#define FERRY_DEFERRED_KEY "ferry-deferred"
/* The regions' kernels, complete: a code object (AMD) or PTX. */
#define FERRY_DEFERRED_KERNELS "kernels"
/* Kernels that call `routine`s of other units: a relocatable object (AMD)
 * or PTX, linked with the routines at load time. */
#define FERRY_DEFERRED_LINKED_KERNELS "linked-kernels"
/* The routines a unit defines for others: a relocatable object or PTX. */
#define FERRY_DEFERRED_ROUTINES "routines"

/* The symbol the runtime looks up in libferry.so. */
#define FERRY_COMPILE_DEFERRED_SYMBOL "ferry_compile_deferred"

#ifdef __cplusplus
extern "C" {
#endif

/* Receives each compiled image: kind "object" (a code object or a
 * relocatable object), "ptx", or "bitcode" (the translated IR the emulated
 * AMD devices run, right after its object); triple and arch as the plugin
 * packages them. */
typedef void (*ferry_deferred_sink)(void *context, const char *kind, const char *triple,
                                    const char *arch, const void *data, size_t size);

/* Compiles `bitcode` (`size` bytes, an embedded FERRY_DEFERRED_KEY image
 * whose role is `role`) for `arch` ("gfx90a:sramecc+:xnack-", "sm_90"),
 * adding the translated IR after each object when `emulated` is nonzero.
 * Returns 0, or nonzero with the reason in `message` (NUL-terminated,
 * truncated to `message_size`). */
typedef int (*ferry_compile_deferred_fn)(const void *bitcode, size_t size, const char *role,
                                         const char *arch, int emulated,
                                         ferry_deferred_sink sink, void *context, char *message,
                                         size_t message_size);

int ferry_compile_deferred(const void *bitcode, size_t size, const char *role, const char *arch,
                           int emulated, ferry_deferred_sink sink, void *context, char *message,
                           size_t message_size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif
