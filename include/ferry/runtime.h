/*===- ferry/runtime.h - The C ABI that Ferry-compiled code calls -------===*\
 *
 * This is the whole interface between code compiled with the Ferry plugin and
 * libferry-rt.so. It is C, it is small, and every entry is documented here.
 * The templates in <ferry/acc/acc.h> call it; users normally never do.
 *
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_RUNTIME_H
#define FERRY_RUNTIME_H

#include <stddef.h>
#if defined(__cplusplus) || !defined(__INT64_TYPE__)
#include <stdint.h>
#else
/* C: the fixed-width types from the compiler's own macros rather than
   <stdint.h>, which reaches the C library's <features.h>. Ferry's header
   comes before a unit's code, whose `#define _GNU_SOURCE` (_POSIX_C_SOURCE,
   _XOPEN_SOURCE, ...) must still choose what the C library declares; the
   library's <stdint.h> declares the same types again, as C11 allows. */
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
#endif

#include "nothrow.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Result codes of the runtime entries. */
typedef enum ferry_status {
  FERRY_SUCCESS = 0,
  FERRY_ERROR_NO_DEVICE = 1,    /* the requested device type has no device */
  FERRY_ERROR_NO_IMAGE = 2,     /* no device code was compiled for a region */
  FERRY_ERROR_INVALID = 3,      /* an argument is out of range */
  FERRY_ERROR_BACKEND = 4       /* a vendor library reported an error */
} ferry_status;

/* Errors of the porting-facing routines (ferry_register_images, ferry_image_*,
 * ferry_get_*_info, ferry_module_*, ferry_launch): a routine that fails
 * returns its status and keeps a message for ferry_last_error, naming the
 * routine, the image, kernel or symbol, and what is wrong; it prints nothing
 * (FERRY_DEBUG=1 prints it too). The message is per thread, and stays until
 * the next failure of such a routine on the thread or ferry_clear_error: a
 * routine that succeeds leaves it alone, as errno. The entry points of
 * compiled code (regions, data clauses) and the OpenACC API print their
 * errors instead ("ferry: error: ..."). */

/* The message of the last failure of a porting-facing routine on this
 * thread; "" if none since the thread began or ferry_clear_error. Valid
 * until the thread's next failure or ferry_clear_error. */
const char *ferry_last_error(void) FERRY_NOTHROW;
/* Empties this thread's ferry_last_error. */
void ferry_clear_error(void) FERRY_NOTHROW;
/* Sets this thread's ferry_last_error: libraries layered on the runtime
 * (libferry.so's JIT API, ferry/jit.h) report their failures through it. */
void ferry_set_last_error(const char *message) FERRY_NOTHROW;

/* Where a compute region comes from; emitted once per region as a constant. */
typedef struct ferry_region {
  const char *name;      /* "file.cpp:12" plus a construct name */
  const char *file;      /* the presumed file name of the directive */
  uint32_t line;         /* its line */
  uint32_t column;       /* its column */
  uint32_t flags;        /* FERRY_REGION_* bits */
} ferry_region;

enum {
  FERRY_REGION_SEQ = 1u << 0,   /* `seq`/`serial`: iterations run in order */
  /* The region's iterations hold `loop` constructs of their own (vector
   * level): on a GPU each gang (block) runs whole iterations, its
   * work-items together, and the inner loops spread over the work-items. */
  FERRY_REGION_NESTED = 1u << 1,
  /* With FERRY_REGION_NESTED: the nested loops have reductions, so a gang is
   * one warp by default (eight to a block, fewer under 2048 iterations), combining with warp shuffles;
   * otherwise a gang is a block of 128 work-items. */
  FERRY_REGION_WARP_GANGS = 1u << 2,
  /* With FERRY_REGION_NESTED: some nested loop is a worker loop holding
   * vector loops, so a gang is a block of num_workers warps (threadIdx.y),
   * each worker a warp of vector lanes (threadIdx.x). */
  FERRY_REGION_WORKERS = 1u << 3,
  /* Its ferry_device_kernel has `pointer_kinds` (set by every compiler that
   * writes the field: a program built before it has a shorter struct). */
  FERRY_REGION_POINTER_KINDS = 1u << 4,
};

/* Runs one chunk of a region on the host: iterations [begin, end) of the
 * normalized iteration space, with `closure` the bytes given at launch.
 * `partial` points to this chunk's private reduction storage (or is NULL). */
typedef void (*ferry_host_chunk_fn)(const void *closure, int64_t begin,
                                    int64_t end, void *partial);

/* Combines the partial reduction storage `src` into `dst`. */
typedef void (*ferry_combine_fn)(void *dst, const void *src);

/* Initializes partial reduction storage to the operators' identities. */
typedef void (*ferry_init_fn)(void *partial);

/* Description of a region's reductions: `size` bytes of partial storage,
 * initialized by `init`, combined pairwise by `combine`. NULL when none. */
typedef struct ferry_reduction {
  size_t size;
  size_t align;
  ferry_init_fn init;
  ferry_combine_fn combine;
} ferry_reduction;

/* Executes a parallel loop of `trip_count` iterations on the selected device.
 * `closure`/`closure_size` are the captured variables, `host_fn` the host
 * version of one chunk. With a reduction, `result` receives the combination
 * of all partials (initialized by reduction->init first). Returns
 * FERRY_SUCCESS, or an error after printing a message naming the region. */
ferry_status ferry_parallel_for(const ferry_region *region, const void *closure,
                                size_t closure_size, int64_t trip_count,
                                ferry_host_chunk_fn host_fn,
                                const ferry_reduction *reduction, void *result) FERRY_NOTHROW;

/* The device version of a region: a kernel in the registered images with
 * the region-kernel ABI
 *     kernel(closure (byval, closure_size bytes), int64_t trip_count,
 *            void *partials)
 * which runs iterations [0, trip_count) over its whole grid (grid-stride)
 * and, with a reduction, leaves block b's combined partial at
 * partials + b * round_up(reduction->size, reduction->align). */
/* A host global variable that a region reads: passed by value, i.e. copied
 * to the device variable `symbol` of the region's images on the region's
 * queue before each launch. Its pointer fields (at `pointer_offsets`, bytes
 * into the variable) are translated like the closure's: the device address
 * of present data, NULL stays NULL, anything else is an error naming the
 * region and the variable (a global pointer under default(present)). */
typedef struct ferry_device_global {
  const void *host;
  const char *symbol;
  size_t size;
  const uint32_t *pointer_offsets; /* may be NULL when num_pointers is 0 */
  size_t num_pointers;
} ferry_device_global;

typedef struct ferry_device_kernel {
  const char *name;
  /* Byte offsets of the closure's pointer fields: each host address is
   * replaced by its device address from the present table (implicit
   * attach); NULL stays NULL; an address that is not present is an error
   * naming the region. */
  const uint32_t *pointer_offsets;
  size_t num_pointers;
  const ferry_device_global *globals; /* may be NULL when num_globals is 0 */
  size_t num_globals;
  /* The variables behind the pointer fields, one per pointer_offsets entry,
   * for messages ("grid", "s.data"); NULL, or a NULL or empty entry, where
   * the compiler did not know them. */
  const char *const *pointer_names;
  /* Per pointer_offsets entry, FERRY_POINTER_*: how it is translated; NULL
   * where every one is FERRY_POINTER_DATA. Read only where the region's
   * flags have FERRY_REGION_POINTER_KINDS. */
  const unsigned char *pointer_kinds;
} ferry_device_kernel;

enum {
  /* The device address of present data; anything else stops the region. */
  FERRY_POINTER_DATA = 0,
  /* A pointer the construct's `firstprivate` clause names: its copy starts
   * with the pointer's value (OpenACC 3.3 2.5.14), the device address of
   * present data, else the host address as it is (the region may compare
   * it or step it without reading through it). */
  FERRY_POINTER_VALUE = 1,
};

/* The private copies of a region's array sections (`private(p[lo:len])`,
 * `firstprivate(p[lo:len])`), in its closure. Compiled code fills the sizes;
 * before a GPU launch the runtime allocates copies for every gang and every
 * work-item of the grid (a scratch buffer per device and queue, reused like
 * the reduction partials) and fills the rest in its copy of the closure. On
 * the host each chunk has copies of its own, from compiled code. */
typedef struct ferry_private_block {
  uint64_t gang_bytes; /* one gang's copies, a multiple of `align` */
  uint64_t lane_bytes; /* one work-item's copies (loops nested in an
                          iteration; a worker's copies are its first
                          work-item's), a multiple of `align` */
  uint64_t align;      /* of each copy: a power of two, at most 256 */
  uint64_t gang_base;  /* runtime: device address of gang copy 0 */
  uint64_t lane_base;  /* runtime: device address of work-item copy 0 */
  uint32_t gang_mode;  /* runtime: 1 when a gang's work-items share its copy
                          (a FERRY_REGION_NESTED launch); 0 when each
                          work-item runs iterations of its own (its copy is
                          the gang copy at its ferry_dev_thread_id) */
  uint32_t reserved;
} ferry_private_block;

/* (<ferry/acc/acc.h>'s parallel_loop initializes every field in this order.) */
typedef struct ferry_launch_desc {
  const ferry_region *region;
  const void *closure;
  size_t closure_size;
  int64_t trip_count;
  ferry_host_chunk_fn host_fn;          /* the host version (required) */
  const ferry_reduction *reduction;     /* NULL without reduction */
  void *result;                         /* receives the reduction */
  const ferry_device_kernel *kernel;    /* NULL: no device version */
  uint32_t num_gangs, vector_length;    /* 0: Ferry chooses */
  int async;                            /* acc_async_sync, acc_async_noval, or >= 0 */
  /* Nonzero with acc_async_sync and no reduction: a GPU may return before
   * the region completes (it stays in order with later work of the
   * synchronous queue); ferry_finish_deferred waits. The host runs it at
   * once. Set for the loops of a construct whose sequential control runs
   * on the host. */
  int defer;
  /* Fields appended after `defer` keep the layout of the fields before
   * them: num_workers came first, then privates. */
  uint32_t num_workers; /* with FERRY_REGION_WORKERS; 0: Ferry chooses */
  /* The closure's ferry_private_block (it points into `closure`), or NULL
   * when the region has no private array sections. */
  ferry_private_block *privates;
} ferry_launch_desc;

/* Waits for the deferred launches of the construct `construct` (see
 * ferry_launch_desc::defer); on a device failure says so, naming it. */
ferry_status ferry_finish_deferred(const ferry_region *construct) FERRY_NOTHROW;

/* Runs a region on the selected device: the host version on the host (on
 * the queue's worker thread when async; the closure is copied), the device
 * kernel on a GPU. A region with a reduction completes before returning
 * (its result is ready), whatever `async` says. */
ferry_status ferry_launch_region(const ferry_launch_desc *desc) FERRY_NOTHROW;

/* A loop region as <ferry/acc/acc.h> runs it (the part of every region's
 * launch that does not depend on its types, compiled once here): stops the
 * program naming the region when desc->trip_count is negative (the loop
 * does not terminate); where `here` is nonzero (`if` is false) the calling
 * thread runs the host version over all the iterations (with a reduction,
 * into desc->result from the identities); else ferry_launch_region, and a
 * failure stops the program (the runtime has said why). */
void ferry_launch_loop(const ferry_launch_desc *desc, int here) FERRY_NOTHROW;

/* The data clauses of a construct (structured reference counts). */
typedef enum ferry_data_kind {
  FERRY_DATA_COPY = 1,
  FERRY_DATA_COPYIN = 2,
  FERRY_DATA_COPYOUT = 3,
  FERRY_DATA_CREATE = 4,
  FERRY_DATA_PRESENT = 5,
  FERRY_DATA_NO_CREATE = 6,
  FERRY_DATA_DEVICEPTR = 7,
  FERRY_DATA_ATTACH =
      8, /* attach(p): no data; `pointer` is attached while entered */
  /* A section the compiler inferred for a pointer no clause names (the
   * elements its region's loops subscript): `copy` (the region writes) or
   * `copyin` (it only reads), but only where the device needs it: nothing
   * when any of the range (or `base`) is present already, when the range is
   * device memory (acc_malloc, a device copy), when the device reaches host
   * memory, or for an empty range. */
  FERRY_DATA_IMPLICIT_COPY = 9,
  FERRY_DATA_IMPLICIT_COPYIN = 10,
  /* present(p) of a pointer p, no section: p itself where it is present
   * (OpenACC), else the data p points to (`base`, p's value), which must
   * be (NVHPC's reading, which programs written for it rely on); the
   * region's copy of p is translated into that data at launch. */
  FERRY_DATA_PRESENT_POINTEE = 11,
  /* The `copy` OpenACC gives a variable no clause names (an array, a scalar
   * `kernels` assigns): as FERRY_DATA_COPY, except where part of it is
   * present already (rows another construct entered, one device's slab of
   * a global array): then nothing is mapped and the region's address of
   * the variable is translated into the present part at launch (through
   * the section's `base`), as NVHPC's accessed-bounds copy would find it.
   * No bytes map nothing (a template's object that its instantiation makes
   * a copy in the region, acc.h's instance_object_bytes). */
  FERRY_DATA_IMPLICIT_WHOLE = 12
} ferry_data_kind;

typedef struct ferry_data_item {
  const void *host;    /* start of the host range */
  size_t bytes;
  ferry_data_kind kind;
  int zero;            /* the `zero` modifier of create/copyout */
  const char *name;    /* the clause's text, for messages: "a[0:n]" */
  int entered;         /* set by ferry_data_enter: the item holds a reference */
  /* For a section a[lo:len]: the value of `a` (an array's first element).
   * A region's copy of that pointer is attached to this data even when the
   * section starts past it. NULL otherwise. */
  const void *base;
  /* For a section of a pointer p[lo:len]: &p. When p itself lies in present
   * data (a member of a present struct), its device copy is attached to the
   * section's device copy on entry (OpenACC's attach action, counted) and
   * detached on exit. NULL otherwise (a section of an array). */
  const void *pointer;
  int attached; /* set by ferry_data_enter: `pointer` holds an attachment */
} ferry_data_item;

/* Data entry of a construct's clauses, in their order, on the selected
 * device (nothing to do on the host); then the sections the compiler
 * inferred (FERRY_DATA_IMPLICIT_*), those whose ranges overlap or touch
 * entered as one; then the attach action of each item's `pointer`. On an
 * error (present data that is absent or partly present, no memory) the
 * message names the region and the clause, the items already entered are
 * released, and the error is returned. */
ferry_status ferry_data_enter(const ferry_region *region, ferry_data_item *items,
                              size_t count, int async) FERRY_NOTHROW;
/* Data exit of the same items (a synchronous one first waits for every
 * queue of the device, whose work may still use the data): first the
 * attachments are detached, then
 * the items leave in reverse order; copy/copyout copy back when the last
 * reference goes. Items of one construct that name the same range act as
 * their union, on entry and exit: copied in when one copies in, cleared
 * when one has `zero`, copied back when one copies back. */
ferry_status ferry_data_exit(const ferry_region *region, ferry_data_item *items,
                             size_t count, int async) FERRY_NOTHROW;

/* OpenACC's attach action on the pointer at `ptr_addr` (`enter data` of a
 * section of a pointer, `attach(p)`): when the pointer lies in present data
 * and points into present data, its device copy gets the device address
 * (the first time; later ones are counted). Otherwise nothing happens, as
 * OpenACC 3.3 says. On the host: nothing to do. */
void ferry_attach(void *const *ptr_addr, int async) FERRY_NOTHROW;
/* The detach action (`exit data`, `detach(p)`): drops one attachment (all
 * with `finalize`); the last one gives the device copy the host value. */
void ferry_detach(void *const *ptr_addr, int finalize, int async) FERRY_NOTHROW;
/* What a variable of an `enter data`, `exit data` or `update` directive
 * does (ferry_data_directive's `action`), and its `flags`. */
typedef enum ferry_directive_action {
  FERRY_DIRECTIVE_COPYIN = 0,
  FERRY_DIRECTIVE_CREATE = 1,
  FERRY_DIRECTIVE_COPYOUT = 2,
  FERRY_DIRECTIVE_DELETE = 3,
  FERRY_DIRECTIVE_UPDATE_SELF = 4,
  FERRY_DIRECTIVE_UPDATE_DEVICE = 5
} ferry_directive_action;
enum { FERRY_DIRECTIVE_FINALIZE = 1, FERRY_DIRECTIVE_ZERO = 2 };

/* One variable of an `enter data`, `exit data` or `update` directive: what
 * the OpenACC routine of the same name does (acc_copyin_async, ...,
 * acc_delete_finalize_async with FERRY_DIRECTIVE_FINALIZE, a zeroed
 * acc_create_async with FERRY_DIRECTIVE_ZERO), on the selected device. On an
 * error (data partly present, an update of absent data, no device memory,
 * a null section with a length) the message names the directive, its
 * source location and the clause (`clause`: the variable as written,
 * "a[0:n]"), and the program stops, as for a data construct's clause. */
void ferry_data_directive(const ferry_region *region, int action, int flags, void *host,
                          size_t bytes, int async, const char *clause) FERRY_NOTHROW;
/* `exit data copyout(p)` / `delete(p)` of a pointer p named without a
 * section: the data p points to where a mapping starts at p's value
 * (NVHPC's reading, which programs that delete a pointer in `declare
 * create` or a member of a present struct rely on), else p itself
 * (OpenACC); nothing where neither is present. Errors as for
 * ferry_data_directive, whose `action` and `flags` it takes. */
void ferry_exit_pointee(const ferry_region *region, void *const *ptr_addr, int action,
                        int flags, int async, const char *clause) FERRY_NOTHROW;

/* `declare create(x)` / `declare copyin(x)` at namespace scope (`kind` is
 * FERRY_DATA_CREATE or FERRY_DATA_COPYIN), called when the program starts:
 * registers the variable, which the runtime puts on each device other than
 * the host when the program first uses that device (copyin: the values
 * then), with a dynamic reference that is never released. */
ferry_status ferry_declare_global(const void *host, size_t bytes, ferry_data_kind kind,
                                  const char *name) FERRY_NOTHROW;
/* ferry_declare_global, and `ref_symbol` names the device variable that
 * holds the variable's device address in device code (the outliner's
 * `__ferry_global_ref_*`): before each launch the runtime fills it in the
 * kernel's module where the module has it and it was not filled there yet,
 * so that a routine of another file, linked with the region's image, reaches
 * the variable although the region itself does not name it. */
ferry_status ferry_declare_global_ref(const void *host, size_t bytes, ferry_data_kind kind,
                                      const char *name, const char *ref_symbol) FERRY_NOTHROW;
/* `declare create(v[first:count])` / `declare copyin(...)` at namespace scope
 * (v a pointer or an array with static storage; `element_size` is
 * sizeof(v[0])): registers the section at `base` (its bounds evaluated when
 * the program starts) as ferry_declare_global does a whole variable. A null
 * `base` (a pointer the program sets later) or a `count` of 0 enters
 * nothing. `name` is the section as written, for messages. */
ferry_status ferry_declare_global_section(const void *base, size_t first, size_t count,
                                          size_t element_size, ferry_data_kind kind,
                                          const char *name) FERRY_NOTHROW;

/* A compute construct whose body runs on the calling thread (a `parallel`,
 * `kernels` or `serial` region without device code: its loops launch as
 * regions of their own): FERRY_SUCCESS when the selected device is the
 * host; otherwise an error naming the region, as for a launch without a
 * device kernel. */
ferry_status ferry_enter_host_region(const ferry_region *region) FERRY_NOTHROW;

/* Stops the program after a failure of compiled C code (the C form of a
 * directive, <ferry/acc/acc_c.h>): prints "ferry: error: NAME: WHY" (NAME is
 * the region's; without a region "ferry: error: WHY"; nothing when `why` is
 * NULL, because the runtime has said why already) and aborts. */
#ifdef __cplusplus
[[noreturn]]
#else
__attribute__((__noreturn__))
#endif
void ferry_region_abort(const ferry_region *region, const char *why) FERRY_NOTHROW;

/* A region's reduction result is combined into the original variable
 * `var` (`bytes` bytes) on the host, between these two calls. Where the
 * region ran on a device (`on_device`, false after a false `if` or `self`)
 * that has `var` (a data clause), the device copy is the original (OpenACC
 * 3.3 2.5.15: the reduction implies `copy`, which moves nothing for present
 * data): ferry_reduction_load brings it into `var` and keeps `var`'s host
 * value, ferry_reduction_store writes the result to the device copy and
 * gives `var` its host value again. Elsewhere `var` is the original and
 * both do nothing. `saved` is what ferry_reduction_load returned. */
void *ferry_reduction_load(void *var, size_t bytes, int on_device) FERRY_NOTHROW;
void ferry_reduction_store(void *saved, void *var, size_t bytes) FERRY_NOTHROW;

/* Attributes the data movement of this thread to `region` until the next
 * call (FERRY_TIME's per-region bytes): compiled code brackets a construct's
 * data clauses with it. Returns the previous region (NULL: none). */
const ferry_region *ferry_set_data_region(const ferry_region *region) FERRY_NOTHROW;

/* Registers the device images of a package in LLVM's OffloadBinary format
 * (the contents of a .llvm.offloading section). Ferry-compiled programs call
 * it from a constructor; the memory must stay valid for the whole process.
 * A corrupt package returns FERRY_ERROR_INVALID (nothing is registered) with
 * the offset and the problem in ferry_last_error; since that constructor
 * cannot look at the result, the message is also printed on stderr. */
ferry_status ferry_register_images(const void *package, size_t size) FERRY_NOTHROW;

/* A registered device image. */
typedef struct ferry_image_info {
  const char *kind;   /* "object" (HSA code object), "ptx", "bitcode", ... */
  const char *triple; /* "amdgcn-amd-amdhsa", "nvptx64-nvidia-cuda" */
  const char *arch;   /* target ID or SM: "gfx90a:xnack-", "sm_80" */
  const void *data;
  size_t size;
} ferry_image_info;

/* What a symbol of an image is. */
typedef enum ferry_symbol_kind {
  FERRY_SYMBOL_KERNEL = 1,   /* an entry point (with its kernel descriptor) */
  FERRY_SYMBOL_FUNCTION = 2, /* a device function, callable from other images */
  FERRY_SYMBOL_VARIABLE = 3, /* a device variable */
  FERRY_SYMBOL_INDIRECT_FUNCTION = 4 /* a device function whose image takes its
                                        address (stores it, passes it on): code
                                        may call it through a pointer. AMD code
                                        objects with .ferry.functions */
} ferry_symbol_kind;

typedef struct ferry_symbol {
  const char *name;
  ferry_symbol_kind kind;
  uint64_t size;   /* bytes (variables; code size of AMD functions; 0 for
                      PTX functions) */
  uint64_t offset; /* offset in the image (0 for PTX) */
  uint64_t address; /* device address in a loaded module (see
                       ferry_module_symbol), 0 if none or not loaded */
} ferry_symbol;

/* The symbols of registered image `index`: kernels, device functions and
 * variables (ROCR exposes no device functions; Ferry indexes the image). The
 * array lives as long as the process. FERRY_ERROR_INVALID past the end or for
 * an image that cannot be read (ferry_last_error says why). */
ferry_status ferry_image_symbols(size_t index, const ferry_symbol **symbols,
                                 size_t *count) FERRY_NOTHROW;

/* Number of registered device images. */
size_t ferry_image_count(void) FERRY_NOTHROW;
/* Fills `info` for image `index`; FERRY_ERROR_INVALID past the end. */
ferry_status ferry_get_image_info(size_t index, ferry_image_info *info) FERRY_NOTHROW;

/* Device code: modules and kernels on the selected device (the device type
 * and number of acc_set_device_type / acc_set_device_num). */
typedef struct ferry_module_s *ferry_module;
typedef struct ferry_kernel_s *ferry_kernel;

/* An image handed to ferry_module_load: kind is "ptx", "object" (an HSA
 * code object or relocatable object) or "bitcode" (translated AMDGPU IR, for
 * the emulated device, right after its object); data must stay valid during
 * the call. */
typedef struct ferry_image_desc {
  const char *kind;
  const void *data;
  size_t size;
} ferry_image_desc;

/* Loads the kernel image linked with its device-function libraries (CUDA:
 * cuLink; unresolved functions are an error naming them and the images
 * searched). One list serves every backend: each takes, in order, the
 * images it can use - AMD GPUs the code objects of their target, the
 * emulated ones each with the "bitcode" right after it, NVIDIA GPUs the PTX
 * - and the first it takes is the kernel image, the others its libraries.
 * FERRY_ERROR_NO_DEVICE when the selected device type has no device;
 * FERRY_ERROR_INVALID when no image is for the device (the message names
 * what the list holds, or the target that does not match) or for images it
 * cannot run (corrupt, or without a function they call). */
ferry_status ferry_module_load(const ferry_image_desc *images, size_t count,
                               ferry_module *out) FERRY_NOTHROW;
/* Finds kernel `name` in a module; FERRY_ERROR_INVALID if it has none. */
ferry_status ferry_module_get_kernel(ferry_module module, const char *name,
                                     ferry_kernel *out) FERRY_NOTHROW;
/* Unloads a module (its kernels become invalid). */
ferry_status ferry_module_unload(ferry_module module) FERRY_NOTHROW;
/* The device address of symbol `name` of a loaded module, and its size.
 * AMD: variables (their address), kernels (their kernel descriptor, the
 * kernel_object of a dispatch) and device functions (their entry point; on
 * the emulated devices the host address of the emulated function, size 0);
 * NVIDIA: variables and visible device functions (their entry point, size 0),
 * not kernels. A kernel may call through a function's address: on AMD a
 * kernel of any module of the device, on NVIDIA one of the same module only
 * (load the images that call each other together; docs/runtime.md).
 * FERRY_ERROR_INVALID (see ferry_last_error) otherwise. */
ferry_status ferry_module_symbol(ferry_module module, const char *name,
                                 uint64_t *address, uint64_t *size) FERRY_NOTHROW;
/* Every symbol the images of a loaded module define, with device addresses
 * where the device has them. The array lives as long as the module. */
ferry_status ferry_module_symbols(ferry_module module, const ferry_symbol **symbols,
                                  size_t *count) FERRY_NOTHROW;
/* What a loaded kernel uses per work-item and per block, as the device's
 * driver or code object says. */
typedef struct ferry_kernel_resources {
  uint32_t registers;        /* NVIDIA: registers per thread (the driver's,
                                after ptxas); AMD: VGPRs (AGPRs included) */
  uint32_t scalar_registers; /* AMD: SGPRs; NVIDIA: 0 */
  uint64_t private_bytes;    /* stack/local memory per work-item (AMD: the
                                scratch the dispatch reserves, libraries
                                linked at load included) */
  uint64_t shared_bytes;     /* static shared memory (LDS) per block */
  uint32_t max_block_size;   /* the largest block the kernel can be launched
                                with */
} ferry_kernel_resources;

/* Fills `out` for `kernel`. FERRY_ERROR_INVALID when the device says
 * nothing of it (see ferry_last_error). */
ferry_status ferry_kernel_get_resources(ferry_kernel kernel, ferry_kernel_resources *out) FERRY_NOTHROW;

/* Launches `kernel` on grid x block with `shared_bytes` of dynamic shared
 * memory. `args` holds one pointer per kernel parameter, pointing at its
 * value. `async` is an OpenACC queue (acc_async_sync: return when done, and
 * a failure of the kernel is this call's). A zero dimension of the grid or
 * the block is FERRY_ERROR_INVALID. */
ferry_status ferry_launch(ferry_kernel kernel, const uint32_t grid[3],
                          const uint32_t block[3], uint32_t shared_bytes,
                          void **args, int async) FERRY_NOTHROW;

/* Backends, for tools (ferry-info) and tests. */
typedef struct ferry_backend_info {
  const char *name;      /* "hsa", "cuda", "host" */
  const char *device_type; /* "radeon", "nvidia", "host" */
  int num_devices;
  const char *status;    /* why there is no device, or "ok" */
} ferry_backend_info;

/* Number of backends compiled into the runtime. */
size_t ferry_backend_count(void) FERRY_NOTHROW;
/* Fills `info` for backend `index`; FERRY_ERROR_INVALID past the end. */
ferry_status ferry_get_backend_info(size_t index, ferry_backend_info *info) FERRY_NOTHROW;
/* The device type that regions run on now ("host", "nvidia", "radeon"). */
const char *ferry_selected_device_type(void) FERRY_NOTHROW;

/* The device that regions, ferry_module_load and ferry_launch use now. */
typedef struct ferry_device_desc {
  const char *type; /* "radeon", "nvidia", "host" */
  int number;       /* within its type (acc_get_device_num) */
  const char *arch; /* what compilers target: "gfx90a:sramecc+:xnack-", "sm_90";
                       "" for the host. Valid until the thread's next call. */
  int emulated;     /* 1: the emulated AMD device (FERRY_EMULATE): modules are
                       code objects each followed by its "bitcode" image */
} ferry_device_desc;
/* FERRY_ERROR_NO_DEVICE when the selected type has no usable device. */
ferry_status ferry_selected_device(ferry_device_desc *out) FERRY_NOTHROW;


/* Device-side helpers of the inner levels of a region (loops nested in a
 * region's iterations), called from <ferry/acc/acc.h>. Ferry's device library
 * defines them for GPUs; these definitions are the host's, where every
 * level has one work-item: lane 0 of width 1, nothing to synchronize or
 * combine. `level` is FERRY_LEVEL_*. */
enum {
  FERRY_LEVEL_WORKER = 1u << 0,
  FERRY_LEVEL_VECTOR = 1u << 1,
};
/* This work-item's lane and the number of lanes at `level` in its gang. */
int64_t ferry_dev_lane(int level) FERRY_NOTHROW;
int64_t ferry_dev_width(int level) FERRY_NOTHROW;
/* Every lane of `level` waits here for the others; memory written before is
 * visible after. */
void ferry_dev_sync(int level) FERRY_NOTHROW;
/* Combines `acc` (reduction storage of `size` bytes, at most
 * FERRY_DEV_REDUCE_MAX) over the lanes of `level`; every lane ends with the
 * combination. */
void ferry_dev_reduce(int level, void *acc, uint32_t size, ferry_combine_fn combine) FERRY_NOTHROW;
#define FERRY_DEV_REDUCE_MAX 128
/* The index of this work-item's gang in the grid (the block's gang row on a
 * GPU, the block in a gang of workers), of the work-item itself (every
 * work-item of the grid has its own), and of its worker's first work-item
 * (in a gang of workers, FERRY_REGION_WORKERS; elsewhere the work-item's
 * own, as each runs worker iterations of its own): where its private copies
 * of array sections are. 0 on the host. */
int64_t ferry_dev_gang_id(void) FERRY_NOTHROW;
int64_t ferry_dev_thread_id(void) FERRY_NOTHROW;
int64_t ferry_dev_worker_id(void) FERRY_NOTHROW;
/* C's form of a loop spread over a gang (<ferry/acc/acc_c.h> has no
 * templates): the plugin marks the strided loop with these two calls, and
 * Ferry's outliner makes the code between them the nested loop's own
 * function, as acc.h's inner_loop is in C++. */
void ferry_dev_inner_begin(int level) FERRY_NOTHROW;
void ferry_dev_inner_end(int level) FERRY_NOTHROW;
/* The operators of a C loop's scalar reductions (ferry_dev_reduce_scalar). */
enum {
  FERRY_REDUCE_ADD,
  FERRY_REDUCE_MUL,
  FERRY_REDUCE_MAX,
  FERRY_REDUCE_MIN,
  FERRY_REDUCE_BITAND,
  FERRY_REDUCE_BITOR,
  FERRY_REDUCE_BITXOR,
  FERRY_REDUCE_AND,
  FERRY_REDUCE_OR,
};
/* ferry_dev_reduce of one scalar of `size` bytes (1, 2, 4 or 8) with
 * operator `op` (FERRY_REDUCE_*); `kind`: 0 unsigned integer, 1 signed
 * integer, 2 floating point (float or double), 3 any type of at most
 * FERRY_DEV_REDUCE_MAX bytes, of which lane 0 holds the result. */
void ferry_dev_reduce_scalar(int level, void *acc, uint32_t size, int op, int kind) FERRY_NOTHROW;
/* A loop nested in a region's iteration does not terminate: stops the
 * program (the host) or the kernel (a GPU). */
void ferry_dev_loop_failed(void) FERRY_NOTHROW;
/* A reduction on an array section in a loop nested in a region's iteration
 * is longer than its private copies hold: stops the program or the kernel. */
void ferry_dev_section_too_long(void) FERRY_NOTHROW;

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* FERRY_RUNTIME_H */
